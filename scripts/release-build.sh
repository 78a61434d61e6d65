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
build_release_streamlab() {
  swift build -c release --static-swift-stdlib -Xswiftc -enforce-exclusivity=unchecked --product streamlab >&2
}

# streamlab-serve, which `streamlab serve` runs, with the same flags: built
# with others, every module would be compiled again for it.
build_release_streamlab_serve() {
  swift build -c release --static-swift-stdlib -Xswiftc -enforce-exclusivity=unchecked --product streamlab-serve >&2
}
