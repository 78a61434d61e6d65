# Sourced by scripts/start and scripts/load-test: builds the release
# `streamlab` users run, with the same flags everywhere, so one script's
# build is the other's.
#
# The Swift standard library is linked statically (docs/benchmarks.md, "Start-up").
# Exclusivity is not checked at run time (-enforce-exclusivity=unchecked):
# OpenCombine's operators check it at every value (swift_beginAccess on
# their stored state), about 8% of a million-value run. The compiler still
# checks it statically, and the test suite (debug) and the fuzzer (release,
# sanitized) check it at run time (docs/benchmarks.md, "Run speed").
# No debug information (-gnone): SwiftPM's release builds write DWARF for
# every file, which the first build paid for (about 20 s of it) and which
# no user of the release binary reads; a crash still names its functions.
release_flags=(-c release --static-swift-stdlib -Xswiftc -enforce-exclusivity=unchecked -Xswiftc -gnone)

# `streamlab` without the web server's packages (`--disable-default-traits`
# turns the `Server` trait off, and Package.swift names Hummingbird and
# SwiftNIO under it only): a first start neither resolves nor checks them out.
build_release_streamlab() {
  swift build "${release_flags[@]}" --disable-default-traits --product streamlab >&2
}

# streamlab-serve, which `streamlab serve` runs from the folder `streamlab`
# is in. It needs the `Server` trait, which is a compiler flag for every
# module of the package: built in .build/release beside `streamlab`, each
# would compile every module again for the other. So it has a build folder
# of its own, .build/serve, and a link to it beside `streamlab`.
build_release_streamlab_serve() {
  swift build "${release_flags[@]}" --scratch-path .build/serve --product streamlab-serve >&2
  # An absolute target: .build/release is itself a link to the triple's
  # folder, which a relative target would be read from.
  mkdir -p .build/release
  ln -sfn "$(pwd -P)/.build/serve/release/streamlab-serve" .build/release/streamlab-serve
}
