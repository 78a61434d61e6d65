#ifndef STREAMLAB_CEDITLINE_SHIM_H
#define STREAMLAB_CEDITLINE_SHIM_H

#include <stdio.h>
#include <histedit.h>

// el_set, el_get and history are variadic, which Swift cannot call. Each
// wrapper below fixes one operation's argument list.

typedef char *(*streamlab_prompt_fn)(EditLine *);
typedef unsigned char (*streamlab_editor_fn)(EditLine *, int);

static inline int streamlab_el_set_prompt(EditLine *el, streamlab_prompt_fn prompt) {
  return el_set(el, EL_PROMPT, prompt);
}

static inline int streamlab_el_set_editor(EditLine *el, const char *mode) {
  return el_set(el, EL_EDITOR, mode);
}

/// Whether libedit installs its own signal handlers during el_gets. streamlab
/// handles SIGINT itself, so it turns this off.
static inline int streamlab_el_set_signal(EditLine *el, int on) {
  return el_set(el, EL_SIGNAL, on);
}

static inline int streamlab_el_set_history(EditLine *el, History *list) {
  return el_set(el, EL_HIST, history, list);
}

static inline int streamlab_el_set_clientdata(EditLine *el, void *data) {
  return el_set(el, EL_CLIENTDATA, data);
}

static inline void *streamlab_el_get_clientdata(EditLine *el) {
  void *data = NULL;
  if (el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
  return data;
}

static inline int streamlab_el_add_function(
  EditLine *el, const char *name, const char *help, streamlab_editor_fn function) {
  return el_set(el, EL_ADDFN, name, help, function);
}

// Reads every character through `read_char`, so a Ctrl-C that lands while
// libedit is busy rather than blocked in read() is still noticed.
static inline int streamlab_el_set_getc(EditLine *el, el_rfunc_t read_char) {
  return el_set(el, EL_GETCFN, read_char);
}

static inline int streamlab_el_bind(EditLine *el, const char *key, const char *function) {
  return el_set(el, EL_BIND, key, function, NULL);
}

static inline int streamlab_history_set_size(History *list, int size) {
  HistEvent event;
  return history(list, &event, H_SETSIZE, size);
}

static inline int streamlab_history_set_unique(History *list, int unique) {
  HistEvent event;
  return history(list, &event, H_SETUNIQUE, unique);
}

static inline int streamlab_history_enter(History *list, const char *line) {
  HistEvent event;
  return history(list, &event, H_ENTER, line);
}

static inline int streamlab_history_clear(History *list) {
  HistEvent event;
  return history(list, &event, H_CLEAR);
}

static inline int streamlab_history_load(History *list, const char *path) {
  HistEvent event;
  return history(list, &event, H_LOAD, path);
}

static inline int streamlab_history_save(History *list, const char *path) {
  HistEvent event;
  return history(list, &event, H_SAVE, path);
}

/// Moves to the oldest entry (`H_LAST`) or one newer (`H_PREV`); returns that
/// entry's text, or NULL when there is none.
static inline const char *streamlab_history_oldest(History *list) {
  HistEvent event;
  if (history(list, &event, H_LAST) != 0) return NULL;
  return event.str;
}

static inline const char *streamlab_history_newer(History *list) {
  HistEvent event;
  if (history(list, &event, H_PREV) != 0) return NULL;
  return event.str;
}

#endif
