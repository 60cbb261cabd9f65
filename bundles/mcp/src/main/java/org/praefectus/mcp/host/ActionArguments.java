package org.praefectus.mcp.host;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.praefectus.api.canonical.Sha256;
import org.praefectus.api.desktop.InputLimits;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Direction;
import org.praefectus.api.protocol.MouseButton;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.selector.NumericValue;
import org.praefectus.mcp.host.ToolArguments.InvalidArgument;

/**
 * The {@code act} tool's arguments, checked: an action kind, the tag of an element from the current
 * observation (or, for a page's {@code open}, the URL to go to), the action's own fields, and an optional operation
 * id. Authority material is never an argument: the host signs.
 */
final class ActionArguments {

    /** What {@code act} offers on the desktop. */
    static final Set<String> KINDS =
            Set.of("invoke", "set_value", "select", "click", "type_text", "press", "hotkey", "scroll", "drag");
    /**
     * What {@code act} offers on a browser page: the CDP executor's element actions and {@code open}, its
     * navigation, {@code handle_dialog}, the answer to the page's open JavaScript dialog, and {@code upload}, a file
     * input given files of the host's upload folder, and {@code click} only as a double or right (middle) click: a
     * single left click is {@code invoke}, the element's own activation, and {@code hover}, the page's mouse moved
     * onto an element (a page has no hotkey or drag of its own).
     */
    static final Set<String> PAGE_KINDS = Set.of(
            "invoke", "set_value", "type_text", "press", "scroll", "open", "handle_dialog", "upload", "click", "hover");
    /** Most files one upload names (the CDP executor's bound). */
    static final int MAX_UPLOAD_FILES = 16;
    /** What the input tools plan besides: {@code paste_text} and {@code move_mouse}. */
    private static final Set<String> TOOL_KINDS = Set.of("paste", "move");

    private static final ObjectMapper CANONICAL =
            new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

    private final Map<String, Object> args;
    private final String kind;
    private final String tag;
    private final String operationId;

    private ActionArguments(Map<String, Object> args, String kind, String tag, String operationId) {
        this.args = args;
        this.kind = kind;
        this.tag = tag;
        this.operationId = operationId;
    }

    /**
     * The arguments of an action of one of {@code kinds}; {@code open} names a URL instead of a tag, and
     * {@code handle_dialog} may leave its tag out (the dialog the current observation shows: see
     * {@link #onDialog}).
     */
    static ActionArguments parse(Map<String, Object> args, Set<String> kinds) {
        String kind = ToolArguments.stringArgument(args, "action", true).toLowerCase(Locale.ROOT);
        if (!kinds.contains(kind)) {
            throw new InvalidArgument("action must be one of " + new java.util.TreeSet<>(kinds));
        }
        // handle_dialog defaults to the dialog's tag; on a page, press without a tag is a page-level key (see onPage)
        boolean tagOptional = kind.equals("handle_dialog") || (kinds.equals(PAGE_KINDS) && kind.equals("press"));
        String tag = kind.equals("open") ? null : ToolArguments.stringArgument(args, "tag", !tagOptional);
        ActionArguments parsed = new ActionArguments(args, kind, tag, ToolArguments.operationId(args));
        parsed.checkFields();
        return parsed;
    }

    /**
     * An action an input tool planned on an element it resolved: {@code fields} hold the action's own fields
     * ({@code text}, {@code keys}, {@code to_tag}, ...) under {@code act}'s names.
     */
    static ActionArguments planned(String kind, String tag, Map<String, Object> fields, String operationId) {
        if (!KINDS.contains(kind) && !TOOL_KINDS.contains(kind)) {
            throw new IllegalArgumentException("not an action kind");
        }
        Map<String, Object> args = new java.util.HashMap<>(fields);
        args.put("action", kind);
        args.put("tag", tag);
        ActionArguments parsed = new ActionArguments(args, kind, tag, operationId);
        parsed.checkFields();
        return parsed;
    }

    /** The tags this call names: the target, and a drag's destination. */
    List<String> tags() {
        if (tag == null) {
            return List.of();
        }
        return kind.equals("drag") ? List.of(tag, ToolArguments.stringArgument(args, "to_tag", true)) : List.of(tag);
    }

    /** The same call with its tags replaced (an element found again in a fresh observation). */
    ActionArguments retag(Map<String, String> tags) {
        if (tag == null) {
            return this;
        }
        Map<String, Object> copy = new java.util.HashMap<>(args);
        copy.put("tag", tags.getOrDefault(tag, tag));
        if (copy.get("to_tag") instanceof String to) {
            copy.put("to_tag", tags.getOrDefault(to, to));
        }
        return new ActionArguments(copy, kind, tags.getOrDefault(tag, tag), operationId);
    }

    String kind() {
        return kind;
    }

    /** Whether the call names its element (a {@code handle_dialog} may leave it to the observation's dialog). */
    boolean hasTag() {
        return tag != null;
    }

    /** A {@code handle_dialog} bound to the dialog element {@code dialogTag} the current observation shows. */
    ActionArguments onDialog(String dialogTag) {
        return onPage(dialogTag);
    }

    /**
     * A call without a tag bound to the element the page itself stands for: a {@code handle_dialog} to the dialog
     * it shows, a page-level {@code press} to its document ({@code e1}).
     */
    ActionArguments onPage(String pageTag) {
        Map<String, Object> copy = new java.util.HashMap<>(args);
        copy.put("tag", pageTag);
        return new ActionArguments(copy, kind, pageTag, operationId);
    }

    /** The element this action targets in {@code observation}, or {@code null} (a page's {@code open}, an old tag). */
    SemanticElement element(SemanticObservation observation) {
        return tag == null ? null : element(observation, tag);
    }

    String operationId() {
        return operationId;
    }

    /** Why a {@code select} cannot run on what {@code observation} shows ({@link ItemChoice}), or empty. */
    Optional<KnownRefusals.Refusal> itemRefusal(SemanticObservation observation) {
        return ItemChoice.refusal(element(observation), string("item", true), observation);
    }

    private void checkFields() {
        switch (kind) {
            case "set_value" -> string("value", true);
            case "select" -> string("item", true);
            case "type_text" -> {
                string("text", true);
                delay();
            }
            case "paste" -> string("text", true);
            case "press" -> {
                string("key", true);
                delay();
            }
            case "click" -> {
                button();
                ToolArguments.intArgument(args, "count", 1, 1, 3);
            }
            case "hotkey" -> keys();
            case "scroll" -> direction();
            case "drag" -> ToolArguments.stringArgument(args, "to_tag", true);
            case "open" -> url();
            case "handle_dialog" -> {
                boolean accept = requiredBool("accept");
                if (string("prompt_text", false) != null && !accept) {
                    throw new InvalidArgument("prompt_text answers a prompt: it needs accept true");
                }
            }
            case "upload" -> files();
            default -> {}
        }
    }

    /**
     * An upload's file names: 1 to {@value #MAX_UPLOAD_FILES} names of files directly in the host's upload folder,
     * each once; a path (absolute or with a folder), {@code .} or {@code ..} is refused here, before anyone is asked.
     * That each names a regular file of the folder, and no link out of it, the executor checks against the folder.
     */
    private List<String> files() {
        if (!(args.get("files") instanceof List<?> list) || list.isEmpty() || list.size() > MAX_UPLOAD_FILES) {
            throw new InvalidArgument("files must be a list of 1-" + MAX_UPLOAD_FILES + " file names");
        }
        List<String> names = new ArrayList<>();
        for (Object item : list) {
            if (!(item instanceof String name)
                    || name.isEmpty()
                    || name.length() > 255
                    || name.equals(".")
                    || name.equals("..")
                    || name.chars().anyMatch(c -> c == '/' || c == '\\' || Character.isISOControl(c))) {
                throw new InvalidArgument(
                        "files must name files of the host's upload folder: names only, no path, no . or ..");
            }
            if (names.contains(name)) {
                throw new InvalidArgument("files must name each file once");
            }
            names.add(name);
        }
        return names;
    }

    Action action(SemanticObservation observation) throws ProtocolException {
        return switch (kind) {
            case "invoke" -> new Action.Invoke();
            case "set_value" -> new Action.SetValue(value(observation));
            // the container's value is the name of its selected item (ItemChoice)
            case "select" -> new Action.SetValue(string("item", true));
            // a click on an element may fall back to the element's centre when it has no click action: the
            // engine fences the element first, so the point is the element's as observed
            case "click" -> new Action.Click(button(), ToolArguments.intArgument(args, "count", 1, 1, 3), true);
            case "type_text" -> new Action.TypeText(string("text", true), bool("clear"), bool("press_return"), delay());
            case "press" ->
                new Action.Press(string("key", true), ToolArguments.intArgument(args, "count", 1, 1, 100), delay());
            case "hotkey" -> new Action.Hotkey(keys());
            case "paste" -> new Action.Paste(string("text", true));
            case "move" -> new Action.Move();
            // a page's hover: the CDP executor's move on the element, the page's own mouse input
            case "hover" -> new Action.Move();
            // the page's own handler opens it: no app, and no page navigation raises a window anyway
            case "open" -> new Action.Open(url(), null, false);
            case "scroll" -> new Action.Scroll(direction(), amount(args));
            // the CDP executor's dialog answers: accept / dismiss, or a prompt's text as its value
            // the CDP executor's upload: set_value of a file input, one file name per line
            case "upload" -> new Action.SetValue(String.join("\n", files()));
            case "handle_dialog" ->
                string("prompt_text", false) != null
                        ? new Action.SetValue(string("prompt_text", true))
                        : new Action.PerformSecondaryAction(requiredBool("accept") ? "AXConfirm" : "AXCancel");
            // a drag is planned between the elements' centres (ElementTargets.dragBetween), never as an element
            // action: the protocol drags between fenced coordinate targets only
            default -> throw new InvalidArgument("unsupported action");
        };
    }

    /** The protocol's optional pause between keystrokes, signed with the action; {@code null} when absent. */
    private Long delay() {
        return args.get("delay_ms") == null ? null : (long) ToolArguments.intArgument(args, "delay_ms", 0, 0, 1_000);
    }

    TargetRef target(SemanticObservation observation) throws ProtocolException {
        // a navigation's target is the URL in the action; the engine resolves the page itself
        return tag == null ? new TargetRef.None() : new TargetRef.Element(observation.target(tag));
    }

    /**
     * set_value is proven by the value's hash on the same fenced target, a prompt's text by the hash of the text the
     * browser reports the prompt closed with; other actions are not verified.
     */
    VerificationPolicy verification(SemanticObservation observation) {
        String value = switch (kind) {
            case "set_value" -> value(observation);
            case "select" -> string("item", true);
            case "handle_dialog" -> string("prompt_text", false);
            // proven by the names the input then holds
            case "upload" -> String.join("\n", files());
            default -> null;
        };
        if (value != null) {
            return new VerificationPolicy.TargetValueHash(Sha256.hex(value.getBytes(StandardCharsets.UTF_8)));
        }
        return new VerificationPolicy.None();
    }

    /**
     * The value {@code set_value} signs: a number for a slider or spin button in its one written form (the form the
     * executor reads the element's value back in, so {@code "50.0"} verifies as {@code 50}), else as given.
     */
    private String value(SemanticObservation observation) {
        String value = string("value", true);
        SemanticElement element = element(observation);
        return element != null && NUMERIC_ROLES.contains(element.role()) ? NumericValue.canonicalize(value) : value;
    }

    /** The roles whose {@code set_value} sets a number (AT-SPI Value) rather than text. */
    private static final Set<String> NUMERIC_ROLES = Set.of("slider", "spin button", "scroll bar", "dial");

    /** A hash of every argument except the operation id: identical calls have identical fingerprints. */
    String fingerprint() {
        Map<String, Object> copy = new TreeMap<>(args);
        copy.remove("operation_id");
        try {
            return Sha256.hex(CANONICAL.writeValueAsBytes(copy));
        } catch (JsonProcessingException e) {
            throw new InvalidArgument("arguments must be JSON values");
        }
    }

    /** Lengths only, for the audit log. */
    Map<String, Object> auditLengths() {
        Map<String, Object> lengths = new TreeMap<>();
        for (String field : List.of("value", "item", "text", "key", "url", "prompt_text")) {
            if (args.get(field) instanceof String s) {
                lengths.put(field + "_length", s.length());
            }
        }
        if (args.get("keys") instanceof List<?> list) {
            lengths.put("keys_count", list.size());
        }
        if (args.get("files") instanceof List<?> files) {
            lengths.put("files_count", files.size());
        }
        return lengths;
    }

    /**
     * What the person is asked: the action, the element (role and name) and its window's title from the
     * observation, and for text the length only. Values are never shown: a person approving "type 14
     * characters" cannot be tricked by what the model wrote, and the question never leaks it to a log.
     */
    String confirmationMessage(SemanticObservation observation, String dialog, long windowSeconds) {
        StringBuilder message = new StringBuilder("Praefectus asks you to allow one action on this computer.\n")
                .append("Action: ")
                .append(kind.equals("handle_dialog") ? dialogAnswer() : kind.replace('_', ' '))
                .append(kind.equals("click") ? clickKind() : "")
                .append('\n');
        SemanticElement element = tag == null ? root(observation) : element(observation, tag);
        if (kind.equals("handle_dialog")) {
            // what the page asks is what the person answers: its kind and its message (the page's own words)
            message.append("Dialog: ")
                    .append(dialog == null ? "(unknown kind)" : dialog)
                    .append(' ')
                    .append(element == null || element.name() == null ? "(no message)" : quoted(element.name(), 200))
                    .append('\n');
        } else if (tag == null) {
            message.append("Go to: ").append(origin(url())).append('\n');
        } else {
            message.append("Element: ")
                    .append(element == null ? "(tag " + tag + ")" : describe(element))
                    .append('\n');
        }
        if (kind.equals("upload")) {
            // the names the person recognises in their own upload folder; the content is never read here
            message.append("Files from the upload folder: ")
                    .append(files().stream()
                            .map(ActionArguments::quoted)
                            .collect(java.util.stream.Collectors.joining(", ")))
                    .append('\n');
        }
        if (kind.equals("select")) {
            // an item's name is what the application shows in its list: the person recognises the choice by it
            message.append("Item: ").append(quoted(string("item", true))).append('\n');
        }
        String window = windowTitle(observation, element);
        message.append("Window: ")
                .append(window == null ? "(unknown)" : quoted(window))
                .append('\n');
        if (kind.equals("drag")) {
            SemanticElement to = element(observation, ToolArguments.stringArgument(args, "to_tag", true));
            message.append("To: ")
                    .append(to == null ? "(unknown)" : describe(to))
                    .append('\n');
        }
        auditLengths()
                .forEach((field, n) -> message.append(field.replace('_', ' '))
                        .append(": ")
                        .append(n)
                        .append('\n'));
        if (args.get("value") instanceof String
                || args.get("text") instanceof String
                || args.get("prompt_text") instanceof String) {
            message.append("The text itself is not shown here and is never logged.\n");
        }
        return message.append("Answer within ")
                .append(windowSeconds)
                .append(" seconds; only an explicit yes allows it.")
                .toString();
    }

    private static SemanticElement element(SemanticObservation observation, String tag) {
        if (observation == null) {
            return null;
        }
        for (SemanticElement e : observation.elements()) {
            if (e.tag().equals(tag)) {
                return e;
            }
        }
        return null;
    }

    /** The title of the nearest enclosing frame, dialog or window. */
    private static String windowTitle(SemanticObservation observation, SemanticElement element) {
        if (observation == null || element == null) {
            return null;
        }
        Map<String, SemanticElement> byId = new java.util.HashMap<>();
        for (SemanticElement e : observation.elements()) {
            byId.put(e.elementId(), e);
        }
        SemanticElement at = element;
        for (int depth = 0; at != null && depth < 64; depth++) {
            if (WINDOW_ROLES.contains(at.role())
                    && at.name() != null
                    && !at.name().isBlank()) {
                return at.name();
            }
            at = at.parentId() == null ? null : byId.get(at.parentId());
        }
        return null;
    }

    /** Windows on the desktop; a browser page's document ({@code RootWebArea}), whose name is the page's title. */
    private static final Set<String> WINDOW_ROLES =
            Set.of("frame", "dialog", "window", "alert", "file chooser", "RootWebArea");

    /** The observation's top element (a page's document). */
    private static SemanticElement root(SemanticObservation observation) {
        if (observation == null) {
            return null;
        }
        return observation.elements().stream()
                .filter(e -> e.parentId() == null)
                .findFirst()
                .orElse(null);
    }

    /**
     * Where a navigation goes, as the person is shown it: the origin only. The protocol treats the URL as a secret
     * (a path or query may carry a token); its length is shown beside it, as every text's.
     */
    private static String origin(String url) {
        java.net.URI uri = java.net.URI.create(url);
        return uri.getScheme() + "://" + uri.getRawAuthority() + " (the rest of the URL is not shown)";
    }

    private String url() {
        try {
            return PageUrl.checked(string("url", true));
        } catch (IllegalArgumentException e) {
            throw new InvalidArgument("url must be an absolute http or https URL without user info");
        }
    }

    static String describe(SemanticElement element) {
        String name = element.name() == null || element.name().isBlank() ? "(no name)" : quoted(element.name());
        // a browser page's document: a page-level key goes to the page, not to an element of it
        return (element.role().equals("RootWebArea") ? "the page" : element.role()) + " " + name;
    }

    /** Names as the person reads them: one line, at most 80 characters. */
    private static String quoted(String text) {
        return quoted(text, 80);
    }

    /** Text as the person reads it: one line, at most {@code max} characters. */
    private static String quoted(String text, int max) {
        String line = text.replaceAll("[\\p{Cntrl}]", " ").strip();
        return "\"" + (line.length() > max ? line.substring(0, max - 3) + "..." : line) + "\"";
    }

    /** A dialog answer as the person is asked it. */
    private String dialogAnswer() {
        if (string("prompt_text", false) != null) {
            return "answer the page's dialog with text";
        }
        return requiredBool("accept") ? "accept the page's dialog (OK)" : "dismiss the page's dialog (Cancel)";
    }

    private boolean requiredBool(String name) {
        if (!(args.get(name) instanceof Boolean b)) {
            throw new InvalidArgument(name + " must be true or false");
        }
        return b;
    }

    private String string(String name, boolean required) {
        Object value = args.get(name);
        if (value == null && !required) {
            return null;
        }
        if (!(value instanceof String text) || text.length() > 65_536) {
            throw new InvalidArgument(name + " must be a string");
        }
        return text;
    }

    private boolean bool(String name) {
        Object value = args.get(name);
        if (value == null) {
            return false;
        }
        if (!(value instanceof Boolean b)) {
            throw new InvalidArgument(name + " must be a boolean");
        }
        return b;
    }

    /** Which click the person allows: its button and how many presses. */
    private String clickKind() {
        int count = ToolArguments.intArgument(args, "count", 1, 1, 3);
        return " (" + button().name().toLowerCase(Locale.ROOT) + " button, " + count
                + (count == 1 ? " press)" : " presses)");
    }

    /** Whether this is a single left click (on a page, that is {@code invoke}). */
    boolean singleLeftClick() {
        return kind.equals("click")
                && button() == MouseButton.LEFT
                && ToolArguments.intArgument(args, "count", 1, 1, 3) == 1;
    }

    private MouseButton button() {
        String name = ToolArguments.stringArgument(args, "button", false);
        if (name == null) {
            return MouseButton.LEFT;
        }
        try {
            return MouseButton.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidArgument("button must be left, right or middle");
        }
    }

    private Direction direction() {
        return direction(args);
    }

    /** A scroll's {@code amount} argument: wheel steps, 1 (the default) to {@link InputLimits#MAX_SCROLL_STEPS}. */
    static int amount(Map<String, Object> args) {
        return ToolArguments.intArgument(args, "amount", 1, 1, InputLimits.MAX_SCROLL_STEPS);
    }

    /** A scroll's {@code direction} argument (required): up, down, left or right. */
    static Direction direction(Map<String, Object> args) {
        String name = ToolArguments.stringArgument(args, "direction", true);
        try {
            return Direction.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidArgument("direction must be up, down, left or right");
        }
    }

    private List<String> keys() {
        if (!(args.get("keys") instanceof List<?> list) || list.isEmpty() || list.size() > 8) {
            throw new InvalidArgument("keys must be a list of 1-8 key names");
        }
        List<String> keys = new ArrayList<>();
        for (Object key : list) {
            if (!(key instanceof String s) || s.isEmpty() || s.length() > 64) {
                throw new InvalidArgument("keys must be a list of 1-8 key names");
            }
            keys.add(s);
        }
        return keys;
    }
}
