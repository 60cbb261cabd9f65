package org.praefectus.windows.jna;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.WString;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import com.sun.jna.ptr.ShortByReference;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.praefectus.windows.acl.Ace;
import org.praefectus.windows.acl.AclApi;
import org.praefectus.windows.acl.SecurityView;

/** {@link AclApi} over Advapi32 through JNA. Untested here: it runs only on Windows. */
public final class NativeAcl implements AclApi {

    private static final int SE_FILE_OBJECT = 1;
    private static final int OWNER_SECURITY_INFORMATION = 0x1;
    private static final int DACL_SECURITY_INFORMATION = 0x4;
    private static final int PROTECTED_DACL_SECURITY_INFORMATION = 0x80000000;
    private static final short SE_DACL_PROTECTED = 0x1000;
    private static final int TOKEN_QUERY = 0x0008;
    private static final int TOKEN_USER = 1;
    private static final int ACL_REVISION = 2;
    private static final int FILE_ALL_ACCESS = 0x001F01FF;
    /** {@code OBJECT_INHERIT_ACE | CONTAINER_INHERIT_ACE}. */
    private static final int INHERIT_TO_CHILDREN = 0x1 | 0x2;

    @Override
    public String currentUserSid() throws IOException {
        return sidString(currentUser());
    }

    /** The current user's SID, in memory this object keeps. */
    private Memory currentUser() throws IOException {
        PointerByReference token = new PointerByReference();
        if (!Win32.Advapi.INSTANCE.OpenProcessToken(Win32.Kernel.INSTANCE.GetCurrentProcess(), TOKEN_QUERY, token)) {
            throw new IOException("the process token cannot be read");
        }
        try {
            IntByReference length = new IntByReference();
            Win32.Advapi.INSTANCE.GetTokenInformation(token.getValue(), TOKEN_USER, null, 0, length);
            if (length.getValue() <= 0) {
                throw new IOException("the token user cannot be read");
            }
            Memory buffer = new Memory(length.getValue());
            if (!Win32.Advapi.INSTANCE.GetTokenInformation(
                    token.getValue(), TOKEN_USER, buffer, length.getValue(), length)) {
                throw new IOException("the token user cannot be read");
            }
            // TOKEN_USER { SID_AND_ATTRIBUTES { PSID Sid; DWORD Attributes } }: the SID lies inside the buffer
            Pointer sid = buffer.getPointer(0);
            int size = Win32.Advapi.INSTANCE.GetLengthSid(sid);
            Memory copy = new Memory(size);
            copy.write(0, sid.getByteArray(0, size), 0, size);
            return copy;
        } finally {
            Win32.Kernel.INSTANCE.CloseHandle(token.getValue());
        }
    }

    private static String sidString(Pointer sid) throws IOException {
        PointerByReference text = new PointerByReference();
        if (!Win32.Advapi.INSTANCE.ConvertSidToStringSidW(sid, text)) {
            throw new IOException("a SID cannot be read");
        }
        try {
            return text.getValue().getWideString(0);
        } finally {
            Win32.Kernel.INSTANCE.LocalFree(text.getValue());
        }
    }

    @Override
    public SecurityView read(Path path) throws IOException {
        PointerByReference owner = new PointerByReference();
        PointerByReference dacl = new PointerByReference();
        PointerByReference descriptor = new PointerByReference();
        int status = Win32.Advapi.INSTANCE.GetNamedSecurityInfoW(
                new WString(path.toAbsolutePath().toString()),
                SE_FILE_OBJECT,
                OWNER_SECURITY_INFORMATION | DACL_SECURITY_INFORMATION,
                owner,
                null,
                dacl,
                null,
                descriptor);
        if (status != 0 || descriptor.getValue() == null) {
            throw new IOException("the security descriptor cannot be read");
        }
        try {
            ShortByReference control = new ShortByReference();
            IntByReference revision = new IntByReference();
            if (!Win32.Advapi.INSTANCE.GetSecurityDescriptorControl(descriptor.getValue(), control, revision)) {
                throw new IOException("the security descriptor cannot be read");
            }
            List<Ace> aces = new ArrayList<>();
            Pointer acl = dacl.getValue();
            if (acl != null) {
                int count = Short.toUnsignedInt(acl.getShort(4)); // ACL.AceCount
                for (int i = 0; i < count; i++) {
                    PointerByReference ace = new PointerByReference();
                    if (!Win32.Advapi.INSTANCE.GetAce(acl, i, ace)) {
                        throw new IOException("an access control entry cannot be read");
                    }
                    Pointer entry = ace.getValue();
                    int type = Byte.toUnsignedInt(entry.getByte(0));
                    int flags = Byte.toUnsignedInt(entry.getByte(1));
                    int mask = entry.getInt(4);
                    // ACCESS_ALLOWED_ACE_TYPE 0, ACCESS_DENIED_ACE_TYPE 1; anything else is read as allowing all
                    boolean allowed = type != 1;
                    String sid = type <= 1 ? sidString(entry.share(8)) : "unknown";
                    aces.add(new Ace(allowed, flags, type <= 1 ? mask : -1, sid));
                }
            }
            return new SecurityView(
                    sidString(owner.getValue()), acl != null, (control.getValue() & SE_DACL_PROTECTED) != 0, aces);
        } finally {
            Win32.Kernel.INSTANCE.LocalFree(descriptor.getValue());
        }
    }

    @Override
    public void restrictToOwner(Path path, boolean directory) throws IOException {
        Memory sid = currentUser();
        int size = 8 + 8 + (int) sid.size(); // ACL header + ACCESS_ALLOWED_ACE without SidStart + SID
        Memory acl = new Memory(size + 8L);
        acl.clear();
        if (!Win32.Advapi.INSTANCE.InitializeAcl(acl, size, ACL_REVISION)
                || !Win32.Advapi.INSTANCE.AddAccessAllowedAceEx(
                        acl, ACL_REVISION, directory ? INHERIT_TO_CHILDREN : 0, FILE_ALL_ACCESS, sid)) {
            throw new IOException("the owner-only ACL cannot be built");
        }
        int status = Win32.Advapi.INSTANCE.SetNamedSecurityInfoW(
                new WString(path.toAbsolutePath().toString()),
                SE_FILE_OBJECT,
                DACL_SECURITY_INFORMATION | PROTECTED_DACL_SECURITY_INFORMATION,
                null,
                null,
                acl,
                null);
        if (status != 0) {
            throw new IOException("the owner-only ACL cannot be applied");
        }
    }
}
