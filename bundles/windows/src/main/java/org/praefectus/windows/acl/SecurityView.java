package org.praefectus.windows.acl;

import java.util.List;

/**
 * What the executor reads of a file's security descriptor ({@code GetNamedSecurityInfo} with owner and DACL).
 *
 * @param ownerSid      the owner, a string SID
 * @param daclPresent   whether there is a DACL at all (a NULL DACL grants everyone everything)
 * @param daclProtected {@code SE_DACL_PROTECTED}: no inherited entries
 * @param aces          the DACL's entries, in order
 */
public record SecurityView(String ownerSid, boolean daclPresent, boolean daclProtected, List<Ace> aces) {
    public SecurityView {
        aces = List.copyOf(aces);
    }
}
