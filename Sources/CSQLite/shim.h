#ifndef MEMORYD_CSQLITE_SHIM_H
#define MEMORYD_CSQLITE_SHIM_H

#include <sqlite3.h>

// Swift cannot call C variadic functions; these wrap the few calls we need.

/// Turns a boolean database option (SQLITE_DBCONFIG_*) on or off.
static inline int memoryd_sqlite3_db_config_bool(sqlite3 *db, int op, int on) {
    return sqlite3_db_config(db, op, on, (int *)0);
}

/// Sets how large a statement journal may grow in memory before SQLite moves it to a temporary
/// file (SQLITE_CONFIG_STMTJRNL_SPILL). Only takes effect before SQLite is initialized.
static inline int memoryd_sqlite3_config_statement_journal_spill(int bytes) {
    return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}

#endif
