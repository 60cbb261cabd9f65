package org.praefectus.workflow.draft;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.selector.Selector;
import org.praefectus.api.selector.SelectorException;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowValidationException;
import org.praefectus.workflow.model.WorkflowFiles;

/**
 * The runtime's own draft for a goal (PeekabooX's deterministic {@code generate_workflow}): observe first; when the
 * goal names an element the desktop graph holds, its selector ({@code role-exact=…,label-exact=…} in its window),
 * else a label read from the goal's words; {@code find_element} before the click; then the text to type or paste.
 * Built as a workflow file's tree and validated as one, so a draft is never less strict than a file.
 */
public final class DraftBuilder {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A role the goal names makes an element the likelier target of two that both match by label. */
    private static final int ROLE_BONUS = 20;

    private DraftBuilder() {}

    /** The plan that observes first (PeekabooX's {@code plan_workflow}). */
    public static Workflow plan(String goal) throws WorkflowValidationException {
        ObjectNode root = root(goal);
        steps(root).addObject().put("action", "observe");
        return WorkflowFiles.fromTree(root);
    }

    /**
     * The draft for {@code goal}.
     *
     * @param elements the element nodes of the current desktop graph (may be empty)
     */
    public static Workflow build(String goal, List<GraphNode> elements) throws WorkflowValidationException {
        GoalWords words = GoalWords.read(goal);
        Optional<Target> target = fromGraph(goal, elements)
                .or(() -> Optional.ofNullable(words.targetLabel()).map(label -> new Target("label=" + label, null)));
        ObjectNode root = root(goal);
        ArrayNode steps = steps(root);
        steps.addObject().put("action", "observe");
        if (target.isPresent() && (words.acts() || words.typedText() == null)) {
            target.get().onto(steps.addObject().put("action", "find_element"));
        }
        if (target.isPresent() && words.acts()) {
            target.get().onto(steps.addObject().put("action", "click")).put("vision_fallback", true);
        }
        if (words.typedText() != null) {
            steps.addObject()
                    .put("action", words.intent() == GoalWords.Intent.PASTE ? "paste_text" : "type_text")
                    .put("value", words.typedText());
        }
        return WorkflowFiles.fromTree(root);
    }

    /** A selector and the title of the window it searches ({@code null}: every window). */
    private record Target(String selector, String windowTitle) {
        ObjectNode onto(ObjectNode step) {
            step.put("selector", selector);
            if (windowTitle != null) {
                step.put("window_title", windowTitle);
            }
            return step;
        }
    }

    /** The element whose label the goal names (the longest such label, a named role counting for more). */
    private static Optional<Target> fromGraph(String goal, List<GraphNode> elements) {
        String lower = goal.toLowerCase(Locale.ROOT);
        return elements.stream()
                .filter(node -> node.kind().equals("element") && node.label() != null)
                .filter(node -> selectorSafe(node.label().strip())
                        && lower.contains(node.label().strip().toLowerCase(Locale.ROOT)))
                .map(node -> new Scored(node, score(node, lower)))
                .sorted(Comparator.comparingInt(Scored::score).reversed())
                .map(scored -> target(scored.node()))
                .flatMap(Optional::stream)
                .findFirst();
    }

    private record Scored(GraphNode node, int score) {}

    private static int score(GraphNode node, String lowerGoal) {
        int score = node.label().strip().length();
        if (node.role() != null && lowerGoal.contains(node.role().toLowerCase(Locale.ROOT))) {
            score += ROLE_BONUS;
        }
        return score;
    }

    private static Optional<Target> target(GraphNode node) {
        String label = node.label().strip();
        String selector = node.role() != null && selectorSafe(node.role())
                ? "role-exact=" + node.role() + ",label-exact=" + label
                : "label-exact=" + label;
        try {
            Selector.parse(selector);
        } catch (SelectorException e) {
            return Optional.empty();
        }
        Object window = node.attributes().get("window_title");
        String windowTitle = window instanceof String title && !title.isBlank() ? title : null;
        return Optional.of(new Target(selector, windowTitle));
    }

    /** A value a selector can carry as one part: not blank, no comma (the separator), no line break. */
    static boolean selectorSafe(String value) {
        return !value.isBlank() && value.chars().noneMatch(c -> c == ',' || c == '\n' || c == '\r');
    }

    private static ObjectNode root(String goal) {
        ObjectNode root = JSON.createObjectNode();
        root.put("schema_version", Workflow.SCHEMA_VERSION);
        root.put("name", goal.strip());
        return root;
    }

    private static ArrayNode steps(ObjectNode root) {
        return root.putArray("steps");
    }
}
