#ifndef STREAMLAB_CEDITLINE_SHIM_H
#define STREAMLAB_CEDITLINE_SHIM_H

#include <stdio.h>
#include <histedit.h>

// el_set, el_get and history are variadic, which Swift cannot call. Each
// wrapper below fixes one operation's argument list.

#endif
