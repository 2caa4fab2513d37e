#ifndef MEMORYD_CSQLITE_SHIM_H
#define MEMORYD_CSQLITE_SHIM_H

#include <sqlite3.h>

// Swift cannot call C variadic functions; these wrap the few calls we need.

/// Turns a boolean database option (SQLITE_DBCONFIG_*) on or off.
static inline int memoryd_sqlite3_db_config_bool(sqlite3 *db, int op, int on) {
    return sqlite3_db_config(db, op, on, (int *)0);
}

#endif
