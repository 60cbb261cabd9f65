package org.praefectus.windows.jna;

import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.COM.Unknown;
import java.lang.ref.Cleaner;

/**
 * One COM interface pointer this object owns a reference of: calls go through its vtable by index (the
 * order in {@code UIAutomationClient.h}); the reference is released once the object is unreachable.
 */
class ComObject extends Unknown {

    private static final Cleaner CLEANER = Cleaner.create();

    ComObject(Pointer pointer) {
        super(pointer);
        Pointer owned = pointer;
        CLEANER.register(this, () -> new Unknown(owned).Release());
    }

    /** Calls vtable entry {@code index} with {@code this} first; the HRESULT. */
    int call(int index, Object... arguments) {
        return _invokeNativeInt(index, arguments);
    }
}
