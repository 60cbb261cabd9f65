package org.praefectus.remote;

/** A target resolved on the desktop host, named by its opaque handle there (inside {@code ResolvedTarget.Native}). */
record RemoteHandle(String id) {}
