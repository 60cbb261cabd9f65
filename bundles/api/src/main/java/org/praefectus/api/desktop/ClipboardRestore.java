package org.praefectus.api.desktop;

/**
 * What a paste asks for when the previous clipboard cannot be put back (PeekabooX's {@code --preserve-clipboard
 * --restore-policy}). The executor always puts back what it can; this decides what the caller gets when it cannot.
 */
public enum ClipboardRestore {
    /** Refuse ({@code clipboard_not_restorable}) before anything is signed or dispatched. */
    STRICT,
    /** Paste anyway, with a warning. */
    BEST_EFFORT,
    /** Do not check; nothing is reported. */
    OFF
}
