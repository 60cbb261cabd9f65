package org.praefectus.windows;

import com.sun.jna.platform.win32.COM.Unknown;
import com.sun.jna.platform.win32.Guid;
import com.sun.jna.platform.win32.Ole32;
import com.sun.jna.platform.win32.W32Errors;
import com.sun.jna.platform.win32.WTypes;
import com.sun.jna.platform.win32.WinNT;
import com.sun.jna.ptr.PointerByReference;

/** {@link UiAutomation} answered by creating, and at once releasing, a COM {@code CUIAutomation}. */
final class ComUiAutomation implements UiAutomation {

    static final Guid.CLSID CLSID_CUI_AUTOMATION = new Guid.CLSID("{ff48dba4-60ef-4201-aa87-54103eef594e}");
    static final Guid.IID IID_IUI_AUTOMATION = new Guid.IID("{30cbe57d-d9d0-452a-ab13-7ac5ac4825ee}");

    @Override
    public boolean available() {
        WinNT.HRESULT init = Ole32.INSTANCE.CoInitializeEx(null, Ole32.COINIT_MULTITHREADED);
        // S_FALSE and RPC_E_CHANGED_MODE mean COM is already initialized on this thread: usable either way
        boolean initializedHere = W32Errors.SUCCEEDED(init);
        try {
            PointerByReference automation = new PointerByReference();
            WinNT.HRESULT created = Ole32.INSTANCE.CoCreateInstance(
                    CLSID_CUI_AUTOMATION, null, WTypes.CLSCTX_INPROC_SERVER, IID_IUI_AUTOMATION, automation);
            if (!W32Errors.SUCCEEDED(created)) {
                return false;
            }
            new Unknown(automation.getValue()).Release();
            return true;
        } finally {
            if (initializedHere) {
                Ole32.INSTANCE.CoUninitialize();
            }
        }
    }
}
