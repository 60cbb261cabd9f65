package org.praefectus.linux.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.protocol.RequestValidation;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.linux.ExecutorConfig;
import org.praefectus.linux.ExecutorEnvironment;
import org.praefectus.linux.desktop.DesktopSession;
import org.praefectus.linux.executor.LinuxExecutor;
import org.praefectus.linux.profile.DesktopHelper;
import org.praefectus.linux.profile.DesktopProfile;
import org.praefectus.linux.profile.DesktopProfiles;

/**
 * {@code desktop profiles|focus|locate|click|drag|type-into|assert}: PeekabooX's desktop helpers over
 * {@code desktop-profile.v1} profiles (built-ins and {@code PEEKABOOX_DESKTOP_PROFILE_PATH}). Effects go through
 * the input verbs, signed by the resident host or shown with {@code --dry-run}.
 */
@Component(service = CliCommand.class, configurationPid = ExecutorConfig.PID)
@Command(DesktopCommand.NAME)
public final class DesktopCommand implements CliCommand {

    static final String NAME = "desktop";

    static final List<String> VERBS = List.of("profiles", "focus", "locate", "click", "drag", "type-into", "assert");

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile ResidentHost host;

    private final Map<String, String> environment;
    private final LinuxExecutor executor;
    private final DesktopService desktop;

    @Activate
    public DesktopCommand(ExecutorConfig config, @Reference DesktopSession session, @Reference DesktopService desktop) {
        this.environment = ExecutorEnvironment.of(config);
        this.executor = session.executor();
        this.desktop = desktop;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "desktop profiles|focus|locate|click|drag|type-into|assert --app A [--target T] [--window-id|"
                + "--window-title] [--verify] [--dry-run]: app profiles and their targets";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        if (arguments.isEmpty() || !VERBS.contains(arguments.get(0))) {
            throw CliCommandException.usage("desktop takes one of " + String.join("|", VERBS));
        }
        String verb = arguments.get(0);
        List<String> rest = arguments.subList(1, arguments.size());
        DesktopProfiles profiles = new DesktopProfiles(environment);
        if (verb.equals("profiles")) {
            return profiles(profiles, rest);
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
                        "not-state"),
                Set.of("dry-run", "verify", "clear", "exists", "not-exists", "active", "not-active"));
        if (!flags.has("app")) {
            throw CliCommandException.usage(NAME + " " + verb + " needs --app");
        }
        if (!verb.equals("focus") && !flags.has("target")) {
            throw CliCommandException.usage(NAME + " " + verb + " needs --target");
        }
        DesktopHelper.Aim aim = new DesktopHelper.Aim(
                flags.value("app"), flags.value("target"), flags.value("window-title"), flags.value("window-id"));
        DesktopHelper helper = new DesktopHelper(profiles, executor, desktop, host);
        try {
            return switch (verb) {
                case "focus" -> helper.focus(aim, flags.has("dry-run"));
                case "locate" -> helper.locate(aim);
                case "click" -> helper.click(aim, flags.has("dry-run"), flags.has("verify"));
                case "type-into" ->
                    helper.typeInto(aim, text(flags), flags.has("clear"), flags.has("dry-run"), flags.has("verify"));
                case "drag" ->
                    helper.drag(
                            aim,
                            required(flags, "from-ratio"),
                            required(flags, "to-ratio"),
                            duration(flags),
                            flags.has("dry-run"),
                            flags.has("verify"));
                default -> assertion(helper, aim, flags);
            };
        } catch (DesktopException refused) {
            throw CliCommandException.failure(refused.code(), refused.getMessage(), refused.details());
        }
    }

    /** A drag's {@code --duration-ms}, within the protocol's bound, or {@code null}. */
    private static Long duration(Options flags) throws CliCommandException {
        Integer duration = flags.integer("duration-ms", 0, (int) RequestValidation.MAX_PATH_DURATION_MS);
        return duration == null ? null : Long.valueOf(duration);
    }

    private static Object assertion(DesktopHelper helper, DesktopHelper.Aim aim, Options flags)
            throws DesktopException, CliCommandException {
        if (flags.has("exists") && flags.has("not-exists")) {
            throw CliCommandException.usage("desktop assert takes --exists or --not-exists");
        }
        String state = flags.has("active") ? "focused" : flags.value("state");
        String notState = flags.has("not-active") ? "focused" : flags.value("not-state");
        Map<String, Object> data =
                helper.check(aim, new DesktopHelper.Expectation(!flags.has("not-exists"), state, notState));
        if (!Boolean.TRUE.equals(data.get("passed"))) {
            throw CliCommandException.failure("assertion_failed", "the target does not meet the assertion", data);
        }
        return data;
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
        if (text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > InputFlags.MAX_TEXT_BYTES) {
            throw CliCommandException.usage("desktop type-into: the text is longer than 64 KiB");
        }
        return text;
    }

    private static Map<String, Object> profiles(DesktopProfiles profiles, List<String> arguments)
            throws CliCommandException {
        Options flags = Options.parse(
                NAME + " profiles",
                arguments,
                Set.of("app", "target", "command", "desktop-id", "supports"),
                Set.of("installed", "available", "availability", "check"));
        boolean check =
                flags.has("availability") || flags.has("check") || flags.has("installed") || flags.has("available");
        List<Map<String, Object>> listed = new ArrayList<>();
        for (DesktopProfile profile : profiles.all()) {
            if (flags.has("app") && !profile.answersTo(flags.value("app"))) {
                continue;
            }
            if (flags.has("target") && !profile.targets().containsKey(flags.value("target"))) {
                continue;
            }
            if (flags.has("command") && !profile.command().equals(flags.value("command"))) {
                continue;
            }
            if (flags.has("desktop-id") && !profile.desktopIds().contains(flags.value("desktop-id"))) {
                continue;
            }
            if (flags.has("supports")
                    && profile.targets().values().stream()
                            .filter(t -> !flags.has("target") || t.name().equals(flags.value("target")))
                            .noneMatch(t -> t.supports().contains(flags.value("supports")))) {
                continue;
            }
            Map<String, Object> json = profiles.toJson(profile, check);
            if (flags.has("installed") && !Boolean.TRUE.equals(json.get("installed"))) {
                continue;
            }
            if (flags.has("available") && !Boolean.TRUE.equals(json.get("available"))) {
                continue;
            }
            listed.add(json);
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("schema_version", "desktop-profile.v1");
        data.put("count", listed.size());
        data.put("profiles", listed);
        data.put("warnings", profiles.warnings());
        return data;
    }
}
