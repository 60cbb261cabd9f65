package org.praefectus.windows.uia;

/** How far a clipboard write got: what the host may say about the clipboard it leaves. */
public enum ClipboardResult {
    /** The clipboard could not be opened (another window holds it): nothing changed. */
    UNTOUCHED,
    /** The text and the formats that keep it out of history, monitors and the cloud clipboard were set. */
    WRITTEN,
    /** The clipboard was emptied and then the text could not be set: the previous contents are gone. */
    EMPTIED
}
