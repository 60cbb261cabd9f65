package org.praefectus.windows.jna;

import com.sun.jna.Pointer;
import com.sun.jna.WString;
import com.sun.jna.platform.win32.BaseTSD;
import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.WinDef;
import com.sun.jna.platform.win32.WinUser;
import org.praefectus.windows.uia.ClipboardResult;

/**
 * The clipboard's text through User32 and global memory. A write opens the clipboard with a message-only
 * window of its own as the owner ({@code EmptyClipboard} with no owner makes {@code SetClipboardData} fail),
 * and destroys that window after closing, so no other program ever waits on a window this process does not
 * pump; the data outlives its owner.
 */
final class NativeClipboard {

    private static final int CF_UNICODETEXT = 13;
    private static final int GMEM_MOVEABLE = 0x0002;
    /** Attempts to open a clipboard another program holds for a moment. */
    private static final int OPEN_ATTEMPTS = 10;
    /** The formats Windows documents for keeping data out of clipboard history, monitors and the cloud. */
    private static final String[] PRIVATE_FORMATS = {
        "ExcludeClipboardContentFromMonitorProcessing", "CanIncludeInClipboardHistory", "CanUploadToCloudClipboard"
    };
    /** Most UTF-16 units read back. */
    private static final long MAX_READ_UNITS = 1L << 20;

    private NativeClipboard() {}

    static ClipboardResult write(String text) {
        WinDef.HWND owner =
                User32.INSTANCE.CreateWindowEx(0, "STATIC", "", 0, 0, 0, 0, 0, WinUser.HWND_MESSAGE, null, null, null);
        if (owner == null) {
            return ClipboardResult.UNTOUCHED;
        }
        try {
            if (!open(owner.getPointer())) {
                return ClipboardResult.UNTOUCHED;
            }
            try {
                if (!Win32.User.INSTANCE.EmptyClipboard()) {
                    return ClipboardResult.UNTOUCHED;
                }
                for (String format : PRIVATE_FORMATS) {
                    int id = Win32.User.INSTANCE.RegisterClipboardFormatW(new WString(format));
                    // a DWORD 0: "not in history", "not to the cloud"; the exclusion format's data is not read
                    if (id == 0 || !set(id, new char[2])) {
                        return ClipboardResult.EMPTIED;
                    }
                }
                char[] units = new char[text.length() + 1];
                text.getChars(0, text.length(), units, 0);
                return set(CF_UNICODETEXT, units) ? ClipboardResult.WRITTEN : ClipboardResult.EMPTIED;
            } finally {
                Win32.User.INSTANCE.CloseClipboard();
            }
        } finally {
            User32.INSTANCE.DestroyWindow(owner);
        }
    }

    static String read() {
        if (!open(Pointer.NULL)) {
            return null;
        }
        try {
            Pointer data = Win32.User.INSTANCE.GetClipboardData(CF_UNICODETEXT);
            if (data == null) {
                return null;
            }
            long units = Math.min(
                    MAX_READ_UNITS, Win32.Kernel.INSTANCE.GlobalSize(data).longValue() / 2);
            Pointer locked = Win32.Kernel.INSTANCE.GlobalLock(data);
            if (locked == null) {
                return null;
            }
            try {
                char[] chars = locked.getCharArray(0, (int) units);
                int end = 0;
                while (end < chars.length && chars[end] != 0) {
                    end++;
                }
                return new String(chars, 0, end);
            } finally {
                Win32.Kernel.INSTANCE.GlobalUnlock(data);
            }
        } finally {
            Win32.User.INSTANCE.CloseClipboard();
        }
    }

    static int sequence() {
        return Win32.User.INSTANCE.GetClipboardSequenceNumber();
    }

    private static boolean open(Pointer owner) {
        for (int attempt = 0; attempt < OPEN_ATTEMPTS; attempt++) {
            if (Win32.User.INSTANCE.OpenClipboard(owner)) {
                return true;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    /** Global memory holding the units, handed to the clipboard (which then owns it) or freed. */
    private static boolean set(int format, char[] units) {
        Pointer memory = Win32.Kernel.INSTANCE.GlobalAlloc(GMEM_MOVEABLE, new BaseTSD.SIZE_T(2L * units.length));
        if (memory == null) {
            return false;
        }
        Pointer locked = Win32.Kernel.INSTANCE.GlobalLock(memory);
        if (locked == null) {
            Win32.Kernel.INSTANCE.GlobalFree(memory);
            return false;
        }
        locked.write(0, units, 0, units.length);
        Win32.Kernel.INSTANCE.GlobalUnlock(memory);
        if (Win32.User.INSTANCE.SetClipboardData(format, memory) == null) {
            Win32.Kernel.INSTANCE.GlobalFree(memory);
            return false;
        }
        return true;
    }
}
