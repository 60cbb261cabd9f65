package org.praefectus.api.protocol;

/** The kind of tree a semantic observation was read from. */
public enum SemanticBackend {
    /** A platform accessibility tree (AT-SPI2, AX, UIA). */
    ACCESSIBILITY,
    /** A browser DOM with its accessibility tree. */
    DOM
}
