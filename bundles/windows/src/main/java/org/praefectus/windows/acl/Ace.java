package org.praefectus.windows.acl;

/**
 * One access control entry of a DACL.
 *
 * @param allowed {@code ACCESS_ALLOWED_ACE_TYPE} (true) or {@code ACCESS_DENIED_ACE_TYPE} (false); other types
 *                are read as allowing everything, so they never pass unnoticed
 * @param flags   the {@code AceFlags} ({@code INHERIT_ONLY_ACE} = 0x08, …)
 * @param mask    the access mask
 * @param sid     the trustee as a string SID ({@code S-1-5-21-…})
 */
public record Ace(boolean allowed, int flags, int mask, String sid) {

    /** {@code INHERIT_ONLY_ACE}: applies to children only, not to the object itself. */
    public static final int INHERIT_ONLY = 0x08;

    public boolean inheritOnly() {
        return (flags & INHERIT_ONLY) != 0;
    }
}
