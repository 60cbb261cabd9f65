package org.praefectus.linux.cli;

import java.util.List;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopProfiles;
import org.praefectus.api.desktop.ProfileAction;
import org.praefectus.api.desktop.ProfileAim;
import org.praefectus.api.desktop.ProfileCheck;
import org.praefectus.api.desktop.ProfileExpectation;
import org.praefectus.api.desktop.ProfileQuery;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.RequestValidation;
import org.praefectus.api.resident.ResidentHost;

/**
 * {@code desktop profiles|focus|locate|click|drag|type-into|assert}: PeekabooX's desktop helpers over
 * {@code desktop-profile.v1} profiles (built-ins and {@code PEEKABOOX_DESKTOP_PROFILE_PATH}), the CLI's adapter of the
 * typed {@link DesktopProfiles} service. Effects go through the input verbs, signed by the resident host or shown
 * with {@code --dry-run}.
 */
@Component(service = CliCommand.class)
@Command(DesktopCommand.NAME)
public final class DesktopCommand implements CliCommand {

    static final String NAME = "desktop";

    static final List<String> VERBS = List.of("profiles", "focus", "locate", "click", "drag", "type-into", "assert");

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ResidentHost host;

    private final DesktopProfiles profiles;

    @Activate
    public DesktopCommand(@Reference DesktopProfiles profiles) {
        this.profiles = profiles;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "desktop profiles|focus|locate|click|drag|type-into|assert --app A [--target T] [--window-id|"
                + "--window-title] [--verify] [--dry-run] [--launch-if-needed] [--contains|--not-contains TEXT]: app "
                + "profiles and their targets";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        if (arguments.isEmpty() || !VERBS.contains(arguments.get(0))) {
            throw CliCommandException.usage("desktop takes one of " + String.join("|", VERBS));
        }
        String verb = arguments.get(0);
        List<String> rest = arguments.subList(1, arguments.size());
        try {
            if (verb.equals("profiles")) {
                return profiles.profiles(query(rest));
            }
            Options flags = Options.parse(
                    NAME + " " + verb,
                    rest,
                    Set.of(
                            "app",
                            "target",
                            "window-id",
                            "window-title",
                            "text",
                            "from-ratio",
                            "to-ratio",
                            "duration-ms",
                            "state",
                            "not-state",
                            "contains",
                            "not-contains"),
                    Set.of(
                            "dry-run",
                            "verify",
                            "clear",
                            "exists",
                            "not-exists",
                            "active",
                            "not-active",
                            "launch-if-needed"));
            if (!flags.has("app")) {
                throw CliCommandException.usage(NAME + " " + verb + " needs --app");
            }
            if (!verb.equals("focus") && !flags.has("target")) {
                throw CliCommandException.usage(NAME + " " + verb + " needs --target");
            }
            ProfileAim aim = new ProfileAim(
                    flags.value("app"), flags.value("target"), flags.value("window-title"), flags.value("window-id"));
            CancellationToken cancellation = new CancellationToken();
            boolean dryRun = flags.has("dry-run");
            boolean verify = flags.has("verify");
            return switch (verb) {
                case "focus" -> profiles.focus(aim, flags.has("launch-if-needed"), dryRun, host, cancellation);
                case "locate" -> profiles.locate(aim, cancellation);
                case "click" -> profiles.act(ProfileAction.click(aim, dryRun, verify), host, cancellation);
                case "type-into" ->
                    profiles.act(
                            ProfileAction.typeInto(aim, text(flags), flags.has("clear"), dryRun, verify),
                            host,
                            cancellation);
                case "drag" ->
                    profiles.act(
                            ProfileAction.drag(
                                    aim,
                                    required(flags, "from-ratio"),
                                    required(flags, "to-ratio"),
                                    duration(flags),
                                    dryRun,
                                    verify),
                            host,
                            cancellation);
                default -> assertion(aim, flags, cancellation);
            };
        } catch (DesktopException refused) {
            throw CliCommandException.failure(refused.code(), refused.getMessage(), refused.details());
        } catch (IllegalArgumentException invalid) {
            throw CliCommandException.usage(NAME + " " + verb + ": " + invalid.getMessage());
        }
    }

    /** A drag's {@code --duration-ms}, within the protocol's bound, or {@code null}. */
    private static Long duration(Options flags) throws CliCommandException {
        Integer duration = flags.integer("duration-ms", 0, (int) RequestValidation.MAX_PATH_DURATION_MS);
        return duration == null ? null : Long.valueOf(duration);
    }

    private ProfileCheck assertion(ProfileAim aim, Options flags, CancellationToken cancellation)
            throws DesktopException, CliCommandException {
        if (flags.has("exists") && flags.has("not-exists")) {
            throw CliCommandException.usage("desktop assert takes --exists or --not-exists");
        }
        String state = flags.has("active") ? "focused" : flags.value("state");
        String notState = flags.has("not-active") ? "focused" : flags.value("not-state");
        // --contains / --not-contains: the target's text, compared ignoring case; the texts are never echoed
        ProfileExpectation expectation = new ProfileExpectation(
                !flags.has("not-exists"), state, notState, flags.value("contains"), flags.value("not-contains"));
        ProfileCheck check = profiles.check(aim, expectation, cancellation);
        DesktopException failed = check.failure();
        if (failed != null) {
            throw failed;
        }
        return check;
    }

    private static double[] required(Options flags, String name) throws CliCommandException {
        double[] ratio = Ratio.of(flags, name);
        if (ratio == null) {
            throw CliCommandException.usage("desktop drag needs --" + name + " rx,ry");
        }
        return ratio;
    }

    private static String text(Options flags) throws CliCommandException {
        if (flags.has("text") == !flags.positional().isEmpty()) {
            throw CliCommandException.usage("desktop type-into takes the text as arguments or --text");
        }
        String text = flags.has("text") ? flags.value("text") : String.join(" ", flags.positional());
        if (text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > ProfileAction.MAX_TEXT_BYTES) {
            throw CliCommandException.usage("desktop type-into: the text is longer than 64 KiB");
        }
        return text;
    }

    private static ProfileQuery query(List<String> arguments) throws CliCommandException {
        Options flags = Options.parse(
                NAME + " profiles",
                arguments,
                Set.of("app", "target", "command", "desktop-id", "supports"),
                Set.of("installed", "available", "availability", "check"));
        return new ProfileQuery(
                flags.value("app"),
                flags.value("target"),
                flags.value("command"),
                flags.value("desktop-id"),
                flags.value("supports"),
                flags.has("availability") || flags.has("check"),
                flags.has("installed"),
                flags.has("available"));
    }
}
