#ifndef STREAMLAB_CEDITLINE_SHIM_H
#define STREAMLAB_CEDITLINE_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <histedit.h>

// libedit is loaded with dlopen the first time the REPL edits a line, not
// linked: linking it made every process, `streamlab eval` included, map
// libedit and the three libraries it needs at start-up (docs/benchmarks.md, "Start-up").
// Swift calls only the streamlab_ functions below, which go through the
// table; when libedit cannot be loaded, streamlab_el_init and
// streamlab_history_init return NULL and the REPL reads plain lines.
//
// el_set, el_get and history are variadic, which Swift cannot call. Each
// wrapper below fixes one operation's argument list.

struct streamlab_libedit {
  EditLine *(*el_init)(const char *, FILE *, FILE *, FILE *);
  void (*el_end)(EditLine *);
  const char *(*el_gets)(EditLine *, int *);
  int (*el_insertstr)(EditLine *, const char *);
  const LineInfo *(*el_line)(EditLine *);
  int (*el_source)(EditLine *, const char *);
  void (*el_resize)(EditLine *);
  int (*el_set)(EditLine *, int, ...);
  int (*el_get)(EditLine *, int, ...);
  History *(*history_init)(void);
  void (*history_end)(History *);
  int (*history)(History *, HistEvent *, int, ...);
};

/// The loaded functions, or NULL when libedit is not there. Loaded once;
/// only the REPL's thread asks.
static inline const struct streamlab_libedit *streamlab_libedit(void) {
  static struct streamlab_libedit table;
  static int state = 0;  // 0: not tried yet, 1: loaded, -1: not available
  if (state != 0) return state == 1 ? &table : NULL;
  state = -1;
  const char *names[] = {"libedit.so.2", "libedit.so", "libedit.3.dylib", "libedit.dylib"};
  void *library = NULL;
  for (size_t index = 0; index < sizeof names / sizeof names[0] && library == NULL; index++) {
    library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
  }
  if (library == NULL) return NULL;
#define STREAMLAB_LOAD(name) \
  if ((*(void **)&table.name = dlsym(library, #name)) == NULL) return NULL;
  STREAMLAB_LOAD(el_init)
  STREAMLAB_LOAD(el_end)
  STREAMLAB_LOAD(el_gets)
  STREAMLAB_LOAD(el_insertstr)
  STREAMLAB_LOAD(el_line)
  STREAMLAB_LOAD(el_source)
  STREAMLAB_LOAD(el_resize)
  STREAMLAB_LOAD(el_set)
  STREAMLAB_LOAD(el_get)
  STREAMLAB_LOAD(history_init)
  STREAMLAB_LOAD(history_end)
  STREAMLAB_LOAD(history)
#undef STREAMLAB_LOAD
  state = 1;
  return &table;
}

static inline EditLine *streamlab_el_init(const char *program, FILE *input, FILE *output, FILE *error) {
  const struct streamlab_libedit *libedit = streamlab_libedit();
  return libedit ? libedit->el_init(program, input, output, error) : NULL;
}

// The functions below take an EditLine or History, which only exists when
// libedit was loaded.

static inline void streamlab_el_end(EditLine *el) { streamlab_libedit()->el_end(el); }

static inline const char *streamlab_el_gets(EditLine *el, int *count) {
  return streamlab_libedit()->el_gets(el, count);
}

static inline int streamlab_el_insertstr(EditLine *el, const char *text) {
  return streamlab_libedit()->el_insertstr(el, text);
}

static inline const LineInfo *streamlab_el_line(EditLine *el) { return streamlab_libedit()->el_line(el); }

static inline int streamlab_el_source(EditLine *el, const char *path) {
  return streamlab_libedit()->el_source(el, path);
}

/// Reads the terminal's size again, after a SIGWINCH that libedit, whose
/// own signal handling streamlab turns off, did not see.
static inline void streamlab_el_resize(EditLine *el) { streamlab_libedit()->el_resize(el); }

static inline History *streamlab_history_init(void) {
  const struct streamlab_libedit *libedit = streamlab_libedit();
  return libedit ? libedit->history_init() : NULL;
}

static inline void streamlab_history_end(History *list) { streamlab_libedit()->history_end(list); }

typedef char *(*streamlab_prompt_fn)(EditLine *);
typedef unsigned char (*streamlab_editor_fn)(EditLine *, int);

static inline int streamlab_el_set_prompt(EditLine *el, streamlab_prompt_fn prompt) {
  return streamlab_libedit()->el_set(el, EL_PROMPT, prompt);
}

static inline int streamlab_el_set_editor(EditLine *el, const char *mode) {
  return streamlab_libedit()->el_set(el, EL_EDITOR, mode);
}

/// Whether libedit installs its own signal handlers during el_gets. streamlab
/// handles SIGINT itself, so it turns this off.
static inline int streamlab_el_set_signal(EditLine *el, int on) {
  return streamlab_libedit()->el_set(el, EL_SIGNAL, on);
}

static inline int streamlab_el_set_history(EditLine *el, History *list) {
  return streamlab_libedit()->el_set(el, EL_HIST, streamlab_libedit()->history, list);
}

static inline int streamlab_el_set_clientdata(EditLine *el, void *data) {
  return streamlab_libedit()->el_set(el, EL_CLIENTDATA, data);
}

static inline void *streamlab_el_get_clientdata(EditLine *el) {
  void *data = NULL;
  if (streamlab_libedit()->el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
  return data;
}

static inline int streamlab_el_add_function(
  EditLine *el, const char *name, const char *help, streamlab_editor_fn function) {
  return streamlab_libedit()->el_set(el, EL_ADDFN, name, help, function);
}

// Reads every character through `read_char`, so a Ctrl-C that lands while
// libedit is busy rather than blocked in read() is still noticed.
static inline int streamlab_el_set_getc(EditLine *el, el_rfunc_t read_char) {
  return streamlab_libedit()->el_set(el, EL_GETCFN, read_char);
}

static inline int streamlab_el_bind(EditLine *el, const char *key, const char *function) {
  return streamlab_libedit()->el_set(el, EL_BIND, key, function, NULL);
}

static inline int streamlab_history_set_size(History *list, int size) {
  HistEvent event;
  return streamlab_libedit()->history(list, &event, H_SETSIZE, size);
}

static inline int streamlab_history_set_unique(History *list, int unique) {
  HistEvent event;
  return streamlab_libedit()->history(list, &event, H_SETUNIQUE, unique);
}

static inline int streamlab_history_enter(History *list, const char *line) {
  HistEvent event;
  return streamlab_libedit()->history(list, &event, H_ENTER, line);
}

static inline int streamlab_history_clear(History *list) {
  HistEvent event;
  return streamlab_libedit()->history(list, &event, H_CLEAR);
}

static inline int streamlab_history_load(History *list, const char *path) {
  HistEvent event;
  return streamlab_libedit()->history(list, &event, H_LOAD, path);
}

static inline int streamlab_history_save(History *list, const char *path) {
  HistEvent event;
  return streamlab_libedit()->history(list, &event, H_SAVE, path);
}

/// Moves to the oldest entry (`H_LAST`) or one newer (`H_PREV`); returns that
/// entry's text, or NULL when there is none.
static inline const char *streamlab_history_oldest(History *list) {
  HistEvent event;
  if (streamlab_libedit()->history(list, &event, H_LAST) != 0) return NULL;
  return event.str;
}

static inline const char *streamlab_history_newer(History *list) {
  HistEvent event;
  if (streamlab_libedit()->history(list, &event, H_PREV) != 0) return NULL;
  return event.str;
}

#endif
