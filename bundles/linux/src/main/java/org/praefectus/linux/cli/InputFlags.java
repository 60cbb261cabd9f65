package org.praefectus.linux.cli;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Options;
import org.praefectus.api.desktop.ClipboardRestore;
import org.praefectus.api.desktop.DesktopException;
import org.praefectus.api.desktop.DesktopService;
import org.praefectus.api.desktop.InputLimits;
import org.praefectus.api.desktop.InputOutcome;
import org.praefectus.api.desktop.InputRequest;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.Rect;
import org.praefectus.api.protocol.RequestValidation;
import org.praefectus.api.resident.ResidentHost;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;

/**
 * The flags of PeekabooX's input commands turned into an {@link InputRequest}, and the verb run. Flags
 * that choose a PeekabooX backend ({@code --backend}, {@code --clipboard-backend}, …) or a timing no action of
 * the verb carries are accepted and listed under {@code ignored_options}. Every timing the verb's action can
 * carry is signed as a field of it ({@link #pace}): a {@code type}'s {@code --key-delay-ms} or
 * {@code --typing-speed} (the {@code type_text} action's {@code delay_ms}), a {@code move}'s or {@code drag}'s
 * {@code --duration-ms} and {@code --steps}, a {@code hotkey}'s {@code --key-delay-ms}, {@code --release-before}
 * and {@code --release-after}. A pointer verb's {@code --restore} is a second signed operation, a move back.
 */
final class InputFlags {

    private static final Set<String> IGNORED_VALUED =
            Set.of("backend", "restore-delay-ms", "clipboard-backend", "hotkey-backend", "bounds");
    // --vision-fallback: an input verb's selector resolves over accessibility only (vision regions carry no
    // observation an action could be fenced by); elements --vision-fallback finds them, with their centres
    private static final Set<String> IGNORED_SWITCHES = Set.of("vision-fallback");

    private InputFlags() {}

    static Object run(String verb, DesktopService desktop, ResidentHost host, List<String> arguments)
            throws CliCommandException {
        Set<String> valued = new HashSet<>(SelectorFlags.options());
        valued.addAll(IGNORED_VALUED);
        valued.addAll(Set.of(
                "x",
                "y",
                "to",
                "from",
                "relative",
                "region",
                "ratio",
                "to-ratio",
                "button",
                "count",
                "text",
                "file",
                "repeat",
                "interval-ms",
                "delay-ms",
                "key-delay-ms",
                "typing-speed",
                "duration-ms",
                "steps",
                "restore-policy",
                "direction",
                "amount"));
        Set<String> switches = new HashSet<>(IGNORED_SWITCHES);
        switches.addAll(Set.of(
                "dry-run",
                "clamp",
                "fail-out-of-bounds",
                "current-position",
                "from-current",
                "stdin",
                "preserve-clipboard",
                "paste",
                "restore",
                "release-before",
                "release-after",
                "clear"));
        Options flags = Options.parse(verb, arguments, valued, switches);
        String effective = verb.equals("type") && flags.has("paste") ? "paste" : verb;
        if (verb.equals("move") && flags.has("current-position")) {
            return currentPosition(desktop);
        }
        InputRequest request = request(verb, effective, flags);
        List<String> ignored = new ArrayList<>();
        for (String name : IGNORED_VALUED) {
            if (flags.has(name) && !(name.equals("bounds") && flags.value(name).equals("fail"))) {
                ignored.add("--" + name);
            }
        }
        IGNORED_SWITCHES.stream().filter(flags::has).forEach(name -> ignored.add("--" + name));
        if (flags.has("clear") && !effective.equals("type")) {
            throw CliCommandException.usage(verb + ": --clear replaces an element's text, only when typing");
        }
        if (flags.has("restore") && !InputRequest.pointerVerb(effective)) {
            ignored.add("--restore"); // only a pointer verb has a pointer position to give back
        }
        ignored.addAll(ignoredTiming(effective, flags));
        return dispatch(desktop, host, request, ignored);
    }

    /**
     * Runs {@code request} through the desktop service and answers its outcome: the data when the terminal is
     * {@code succeeded}, else the terminal's error (exit 3) with the data in its details.
     */
    static Answer dispatch(DesktopService desktop, ResidentHost host, InputRequest request, List<String> ignored)
            throws CliCommandException {
        InputOutcome outcome;
        try {
            outcome = desktop.input(request, host, new CancellationToken());
        } catch (DesktopException e) {
            throw DesktopFailures.of(e);
        }
        Answer answer = new Answer(outcome, ignored);
        DesktopException failure = outcome.failure();
        if (failure != null) {
            // only a succeeded terminal is a success: the receipt or terminal goes with the error
            throw CliCommandException.failure(failure.code(), failure.getMessage(), answer);
        }
        return answer;
    }

    /** The verb's outcome as the CLI shows it, with the flags it accepted and did not apply. */
    record Answer(
            @JsonUnwrapped InputOutcome outcome,
            @JsonProperty("ignored_options") List<String> ignored) {}

    /**
     * The timing and release flags the verb's action carries, signed with it: a {@code type}'s pause between
     * keystrokes ({@code --key-delay-ms}, or one second divided by {@code --typing-speed} characters per second);
     * a {@code hotkey}'s pause between key events and its modifier release; a {@code move}'s or {@code drag}'s
     * path ({@code --duration-ms}, {@code --steps}). Bounds are the protocol's, checked here so a bad value is a
     * usage error before anything is observed.
     */
    static InputRequest.Pace pace(String effective, Options flags) throws CliCommandException {
        Integer keyDelay = flags.integer("key-delay-ms", 0, InputLimits.MAX_KEY_DELAY_MS);
        Integer speed = flags.integer("typing-speed", 1, InputLimits.MAX_TYPING_SPEED);
        Integer duration = flags.integer("duration-ms", 0, (int) RequestValidation.MAX_PATH_DURATION_MS);
        Integer steps = flags.integer("steps", 1, (int) RequestValidation.MAX_PATH_STEPS);
        Long delay = null;
        if (effective.equals("type") || effective.equals("hotkey")) {
            delay = keyDelay != null ? Long.valueOf(keyDelay) : null;
        }
        if (effective.equals("type") && delay == null && speed != null) {
            delay = InputLimits.keyDelayOfSpeed(speed);
        }
        boolean path = effective.equals("move") || effective.equals("drag");
        boolean chord = effective.equals("hotkey");
        return new InputRequest.Pace(
                delay,
                path && duration != null ? Long.valueOf(duration) : null,
                path && steps != null ? Long.valueOf(steps) : null,
                chord && flags.has("release-before"),
                chord && flags.has("release-after"));
    }

    /** The timing and release flags given that {@link #pace} does not sign for this verb. */
    static List<String> ignoredTiming(String effective, Options flags) {
        List<String> ignored = new ArrayList<>();
        if (!effective.equals("type") && !effective.equals("hotkey") && flags.has("key-delay-ms")) {
            ignored.add("--key-delay-ms");
        }
        if (flags.has("typing-speed") && (!effective.equals("type") || flags.has("key-delay-ms"))) {
            ignored.add("--typing-speed"); // the explicit key delay wins, as in PeekabooX
        }
        boolean path = effective.equals("move") || effective.equals("drag");
        for (String name : List.of("duration-ms", "steps")) {
            if (!path && flags.has(name)) {
                ignored.add("--" + name); // a click, a keystroke or a paste has no pointer path
            }
        }
        for (String name : List.of("release-before", "release-after")) {
            if (!effective.equals("hotkey") && flags.has(name)) {
                ignored.add("--" + name);
            }
        }
        return ignored;
    }

    private static ClipboardRestore restorePolicy(String value) throws CliCommandException {
        try {
            return InputLimits.restorePolicy(value);
        } catch (IllegalArgumentException e) {
            throw CliCommandException.usage("paste: --restore-policy takes strict, best-effort or off");
        }
    }

    private static Object currentPosition(DesktopService desktop) throws CliCommandException {
        try {
            return desktop.pointer();
        } catch (DesktopException e) {
            throw CliCommandException.failure(e.code(), e.getMessage());
        }
    }

    static InputRequest request(String verb, String effective, Options flags) throws CliCommandException {
        long[] point = null;
        if (flags.has("x") || flags.has("y")) {
            if (!flags.has("x") || !flags.has("y")) {
                throw CliCommandException.usage(verb + ": --x and --y go together");
            }
            point = Options.numbers(verb, "--x/--y", flags.value("x") + "," + flags.value("y"), 2);
        }
        long[] to = flags.numbers("to", 2);
        long[] from = flags.numbers("from", 2);
        if (!verb.equals("drag") && to != null) {
            if (point != null) {
                throw CliCommandException.usage(verb + ": --to and --x/--y exclude each other");
            }
            point = to;
            to = null;
        }
        if (verb.equals("drag") && from != null) {
            point = from;
        }
        boolean scroll = verb.equals("scroll");
        for (String name : scroll ? List.of("button", "count") : List.of("direction", "amount")) {
            if (flags.has(name)) {
                throw CliCommandException.usage(verb
                        + (scroll
                                ? " takes --direction and --amount, not --" + name
                                : ": --" + name + " is a scroll's"));
            }
        }
        long[] region = flags.numbers("region", 4);
        // --bounds is the bounds policy and --text the text (or, for click and move, a label) here
        Selector selector = SelectorFlags.selector(flags, Set.of("bounds", "text"));
        if (selector == null && flags.has("text") && (verb.equals("click") || verb.equals("move"))) {
            try {
                selector = Selector.parse(null).put("label", flags.value("text"));
            } catch (SelectorException e) {
                throw CliCommandException.failure(e.code(), e.getMessage());
            }
        }
        if (flags.has("clamp") && flags.has("fail-out-of-bounds")) {
            throw CliCommandException.usage(verb + ": --clamp and --fail-out-of-bounds exclude each other");
        }
        boolean clamp = flags.has("clamp") || "clamp".equals(flags.value("bounds"));
        String text = null;
        if (effective.equals("type") || effective.equals("paste")) {
            text = text(verb, flags);
        }
        List<String> keys = List.of();
        if (verb.equals("hotkey")) {
            if (flags.positional().size() != 1) {
                throw CliCommandException.usage("hotkey takes one chord, e.g. ctrl+s");
            }
            keys = chord(flags.positional().get(0));
        } else if (!effective.equals("type")
                && !effective.equals("paste")
                && !flags.positional().isEmpty()) {
            throw CliCommandException.usage(verb + " takes no positional arguments");
        }
        return InputRequest.of(effective)
                .point(point)
                .relative(flags.numbers("relative", 2))
                .region(region == null ? null : new Rect(region[0], region[1], region[2], region[3]))
                .ratio(Ratio.of(flags, "ratio"))
                .selector(selector)
                .scope(SelectorFlags.scope(flags))
                .fromCurrent(flags.has("from-current"))
                .to(to)
                .toRatio(Ratio.of(flags, "to-ratio"))
                .clamp(clamp)
                .button(button(verb, flags.value("button")))
                .count(
                        scroll
                                ? flags.integer("amount", 1, 1, InputLimits.MAX_SCROLL_STEPS)
                                : flags.integer("count", 1, 1, InputLimits.MAX_CLICKS))
                .direction(scroll ? direction(flags) : null)
                .text(text)
                .clear(effective.equals("type") && flags.has("clear"))
                .keys(keys)
                .repeat(flags.integer("repeat", 1, 1, InputLimits.MAX_REPEAT))
                .intervalMs(flags.integer("interval-ms", 0, 0, InputLimits.MAX_PAUSE_MS))
                .delayMs(flags.integer("delay-ms", 0, 0, InputLimits.MAX_PAUSE_MS))
                .pace(pace(effective, flags))
                .restore(flags.has("restore") && InputRequest.pointerVerb(effective))
                .dryRun(flags.has("dry-run"))
                .clipboard(
                        effective.equals("paste") && flags.has("preserve-clipboard")
                                ? restorePolicy(
                                        flags.has("restore-policy") ? flags.value("restore-policy") : "best-effort")
                                : null)
                .build();
    }

    /** A scroll's {@code --direction}: {@code up}, {@code down}, {@code left} or {@code right}. */
    private static Direction direction(Options flags) throws CliCommandException {
        String value = flags.value("direction");
        if (value == null) {
            throw CliCommandException.usage("scroll needs --direction up|down|left|right");
        }
        try {
            return InputLimits.direction(value);
        } catch (IllegalArgumentException e) {
            throw CliCommandException.usage("scroll: --direction takes up, down, left or right");
        }
    }

    private static MouseButton button(String verb, String value) throws CliCommandException {
        if (value == null) {
            return MouseButton.LEFT;
        }
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "left" -> MouseButton.LEFT;
            case "right" -> MouseButton.RIGHT;
            case "middle" -> MouseButton.MIDDLE;
            default -> throw CliCommandException.usage(verb + ": --button takes left, right or middle");
        };
    }

    /** A chord {@code control+s}: its keys, {@code +}-separated (PeekabooX's aliases are the executor's). */
    static List<String> chord(String chord) throws CliCommandException {
        List<String> keys = new ArrayList<>();
        for (String key : chord.split("\\+", -1)) {
            if (key.isBlank()) {
                throw CliCommandException.usage("hotkey: the chord has an empty key");
            }
            keys.add(key.strip());
        }
        if (keys.size() > 8) {
            throw CliCommandException.usage("hotkey: at most 8 keys in a chord");
        }
        return keys;
    }

    /** The text from exactly one source: positional words, {@code --text}, {@code --stdin} or {@code --file}. */
    static String text(String verb, Options flags) throws CliCommandException {
        int sources = (flags.positional().isEmpty() ? 0 : 1)
                + (flags.has("text") ? 1 : 0)
                + (flags.has("stdin") ? 1 : 0)
                + (flags.has("file") ? 1 : 0);
        if (sources != 1) {
            throw CliCommandException.usage(verb + " takes its text from one of: arguments, --text, --stdin, --file");
        }
        if (flags.has("text")) {
            return bounded(verb, flags.value("text").getBytes(StandardCharsets.UTF_8));
        }
        if (!flags.positional().isEmpty()) {
            return bounded(verb, String.join(" ", flags.positional()).getBytes(StandardCharsets.UTF_8));
        }
        try {
            if (flags.has("file")) {
                Path file = Path.of(flags.value("file"));
                if (!Files.isRegularFile(file) || Files.size(file) > InputLimits.MAX_TEXT_BYTES) {
                    throw CliCommandException.usage(verb + ": --file must name a readable file of at most 64 KiB");
                }
                return bounded(verb, Files.readAllBytes(file));
            }
            InputStream in = System.in;
            return bounded(verb, in.readNBytes(InputLimits.MAX_TEXT_BYTES + 1));
        } catch (IOException e) {
            throw CliCommandException.usage(verb + ": the text cannot be read");
        }
    }

    private static String bounded(String verb, byte[] bytes) throws CliCommandException {
        if (bytes.length > InputLimits.MAX_TEXT_BYTES) {
            throw CliCommandException.usage(verb + ": the text is longer than 64 KiB");
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw CliCommandException.usage(verb + ": the text is not UTF-8");
        }
    }
}
