package org.praefectus.windows.executor;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.windows.acl.Ace;
import org.praefectus.windows.acl.AclApi;
import org.praefectus.windows.acl.SecurityView;

/**
 * Security descriptors by path, as Windows would report them: new paths inherit their parent's entries
 * (unprotected) until restricted; unknown paths look like a user profile folder.
 */
final class FakeAcl implements AclApi {

    static final String USER = "S-1-5-21-1004336348-1177238915-682003330-1001";
    static final String USERS = "S-1-5-32-545";
    static final String SYSTEM = "S-1-5-18";
    static final String ADMINISTRATORS = "S-1-5-32-544";

    final Map<Path, SecurityView> views = new HashMap<>();
    final List<String> restricted = new java.util.ArrayList<>();

    static SecurityView profileFolder() {
        return new SecurityView(
                USER,
                true,
                false,
                List.of(
                        new Ace(true, 0x13, 0x001F01FF, SYSTEM),
                        new Ace(true, 0x13, 0x001F01FF, ADMINISTRATORS),
                        new Ace(true, 0x13, 0x001F01FF, USER)));
    }

    @Override
    public String currentUserSid() {
        return USER;
    }

    @Override
    public SecurityView read(Path path) throws IOException {
        SecurityView view = views.get(path.toAbsolutePath());
        if (view != null) {
            return view;
        }
        Path parent = path.toAbsolutePath().getParent();
        return parent == null ? profileFolder() : inherited(read(parent));
    }

    private static SecurityView inherited(SecurityView parent) {
        return new SecurityView(USER, true, false, parent.aces());
    }

    @Override
    public void restrictToOwner(Path path, boolean directory) {
        restricted.add(path.getFileName().toString());
        views.put(
                path.toAbsolutePath(),
                new SecurityView(USER, true, true, List.of(new Ace(true, directory ? 0x03 : 0, 0x001F01FF, USER))));
    }
}
