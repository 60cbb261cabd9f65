package org.praefectus.windows.jna;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.WString;
import com.sun.jna.platform.win32.BaseTSD;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import com.sun.jna.ptr.ShortByReference;
import com.sun.jna.win32.W32APIOptions;

/**
 * The Win32 functions jna-platform does not map with plain pointers: security descriptors and ACLs
 * (Advapi32), SAFEARRAY and VARIANT handling (OleAut32), DPI (Shcore, User32), cloaking (Dwmapi) and the
 * clipboard with its global memory (User32, Kernel32).
 */
final class Win32 {

    private Win32() {}

    interface Advapi extends Library {
        Advapi INSTANCE = Native.load("advapi32", Advapi.class, W32APIOptions.DEFAULT_OPTIONS);

        int GetNamedSecurityInfoW(
                WString path,
                int objectType,
                int information,
                PointerByReference owner,
                PointerByReference group,
                PointerByReference dacl,
                PointerByReference sacl,
                PointerByReference descriptor);

        int SetNamedSecurityInfoW(
                WString path,
                int objectType,
                int information,
                Pointer owner,
                Pointer group,
                Pointer dacl,
                Pointer sacl);

        boolean GetSecurityDescriptorControl(Pointer descriptor, ShortByReference control, IntByReference revision);

        boolean GetAce(Pointer acl, int index, PointerByReference ace);

        boolean InitializeAcl(Pointer acl, int length, int revision);

        boolean AddAccessAllowedAceEx(Pointer acl, int revision, int flags, int mask, Pointer sid);

        int GetLengthSid(Pointer sid);

        boolean ConvertSidToStringSidW(Pointer sid, PointerByReference text);

        boolean OpenProcessToken(Pointer process, int access, PointerByReference token);

        boolean GetTokenInformation(
                Pointer token, int informationClass, Pointer buffer, int length, IntByReference returned);
    }

    interface OleAut extends Library {
        OleAut INSTANCE = Native.load("oleaut32", OleAut.class);

        int VariantClear(Pointer variant);

        int SafeArrayGetLBound(Pointer array, int dimension, IntByReference bound);

        int SafeArrayGetUBound(Pointer array, int dimension, IntByReference bound);

        int SafeArrayAccessData(Pointer array, PointerByReference data);

        int SafeArrayUnaccessData(Pointer array);

        int SafeArrayDestroy(Pointer array);

        Pointer SysAllocString(WString text);

        void SysFreeString(Pointer text);
    }

    interface Shcore extends Library {
        Shcore INSTANCE = Native.load("shcore", Shcore.class);

        int GetDpiForMonitor(Pointer monitor, int type, IntByReference dpiX, IntByReference dpiY);
    }

    interface Dwm extends Library {
        Dwm INSTANCE = Native.load("dwmapi", Dwm.class);

        int DwmGetWindowAttribute(Pointer window, int attribute, IntByReference value, int size);
    }

    interface User extends Library {
        User INSTANCE = Native.load("user32", User.class);

        /** {@code DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2} is {@code (HANDLE) -4}. */
        boolean SetProcessDpiAwarenessContext(Pointer context);

        boolean IsIconic(Pointer window);

        boolean OpenClipboard(Pointer owner);

        boolean EmptyClipboard();

        Pointer SetClipboardData(int format, Pointer memory);

        Pointer GetClipboardData(int format);

        boolean CloseClipboard();

        int GetClipboardSequenceNumber();

        int RegisterClipboardFormatW(WString name);
    }

    interface Kernel extends Library {
        Kernel INSTANCE = Native.load("kernel32", Kernel.class);

        Pointer LocalFree(Pointer memory);

        Pointer GetCurrentProcess();

        boolean CloseHandle(Pointer handle);

        Pointer GlobalAlloc(int flags, BaseTSD.SIZE_T bytes);

        Pointer GlobalLock(Pointer memory);

        boolean GlobalUnlock(Pointer memory);

        Pointer GlobalFree(Pointer memory);

        BaseTSD.SIZE_T GlobalSize(Pointer memory);
    }
}
