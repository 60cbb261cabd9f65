package org.praefectus.windows.acl;

import java.nio.file.attribute.UserPrincipal;

/** A trustee as the JDK's ACL model names one, compared by its string SID ({@code S-1-5-…}). */
record Sid(String sid) implements UserPrincipal {
    @Override
    public String getName() {
        return sid;
    }
}
