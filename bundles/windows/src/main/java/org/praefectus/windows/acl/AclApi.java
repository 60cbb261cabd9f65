package org.praefectus.windows.acl;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The narrow native boundary to Advapi32 for private state: read a path's owner and DACL, and replace its
 * DACL with one protected entry granting the current user full control. {@code jna.NativeAcl} is the only
 * implementation; {@link AclDecision} above it is tested on any OS.
 */
public interface AclApi {

    /** The current user's SID ({@code GetTokenInformation(TokenUser)}), as a string SID. */
    String currentUserSid() throws IOException;

    /** The owner and DACL of a path (not following reparse points). */
    SecurityView read(Path path) throws IOException;

    /**
     * Replaces the DACL with one {@code ACCESS_ALLOWED} entry for the current user ({@code FILE_ALL_ACCESS};
     * inherited by files and subdirectories for a directory), protected from inheritance
     * ({@code SetNamedSecurityInfo} with {@code PROTECTED_DACL_SECURITY_INFORMATION}).
     */
    void restrictToOwner(Path path, boolean directory) throws IOException;
}
