//! The command language and the session.
