package org.praefectus.linux;

import java.util.Map;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopProfiles;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.ProfileAction;
import org.praefectus.api.desktop.ProfileAim;
import org.praefectus.api.desktop.ProfileCheck;
import org.praefectus.api.desktop.ProfileEffect;
import org.praefectus.api.desktop.ProfileExpectation;
import org.praefectus.api.desktop.ProfileFocus;
import org.praefectus.api.desktop.ProfileListing;
import org.praefectus.api.desktop.ProfileLocation;
import org.praefectus.api.desktop.ProfileQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.profile.ProfileCatalog;
import org.praefectus.linux.profile.ProfileTargets;

/**
 * The desktop profiles of this platform, for every surface (CLI, socket, gRPC, MCP): {@link ProfileTargets} over the
 * catalogue of built-in and {@code PEEKABOOX_DESKTOP_PROFILE_PATH} profiles, read again at each call (a profile file
 * added while the runtime runs is seen), and this bundle's {@link DesktopService} for the windows and the signed
 * input verbs.
 */
@Component(service = DesktopProfiles.class, configurationPid = ExecutorConfig.PID)
public final class DesktopProfilesComponent implements DesktopProfiles {

    private final Map<String, String> environment;
    private final DesktopSession session;
    private final DesktopService desktop;

    @Activate
    public DesktopProfilesComponent(
            ExecutorConfig config, @Reference DesktopSession session, @Reference DesktopService desktop) {
        this.environment = ExecutorEnvironment.of(config);
        this.session = session;
        this.desktop = desktop;
    }

    private ProfileTargets targets() {
        return new ProfileTargets(new ProfileCatalog(environment), session.executor(), desktop);
    }

    @Override
    public ProfileListing profiles(ProfileQuery query) {
        return new ProfileCatalog(environment).list(query);
    }

    @Override
    public ProfileLocation locate(ProfileAim aim, CancellationToken cancellation) throws DesktopException {
        return targets().locate(aim, cancellation);
    }

    @Override
    public ProfileCheck check(ProfileAim aim, ProfileExpectation expected, CancellationToken cancellation)
            throws DesktopException {
        return targets().check(aim, expected, cancellation);
    }

    @Override
    public ProfileFocus focus(ProfileAim aim, boolean dryRun, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException {
        return targets().focus(aim, dryRun, signer, cancellation);
    }

    @Override
    public ProfileFocus focus(
            ProfileAim aim, boolean launchIfNeeded, boolean dryRun, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException {
        return targets().focus(aim, launchIfNeeded, dryRun, signer, cancellation);
    }

    @Override
    public ProfileEffect act(ProfileAction action, ResidentHost signer, CancellationToken cancellation)
            throws DesktopException {
        return targets().act(action, signer, cancellation);
    }
}
