package org.praefectus.workflow.draft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.graph.GraphNode;
import org.praefectus.api.workflow.Workflow;
import org.praefectus.api.workflow.WorkflowStep;
import org.praefectus.workflow.model.WorkflowFiles;

class DraftBuilderTest {

    private static GraphNode element(String id, String role, String label, String window) {
        return new GraphNode("element:" + id, "element", label, role, null, Map.of("window_title", window));
    }

    private static final List<GraphNode> FORM = List.of(
            element(":1.0:/1", "text", "Name", "Signup"),
            element(":1.0:/2", "push button", "Submit", "Signup"),
            element(":1.0:/3", "push button", "Cancel", "Signup"));

    private static List<String> actions(Workflow workflow) {
        return workflow.steps().stream().map(WorkflowStep::action).toList();
    }

    @Test
    void theDraftObservesFirstAndFindsTheGraphsElementBeforeClickingItThenTypes() throws Exception {
        Workflow draft = DraftBuilder.build("Press the Submit button and type 'Ada Lovelace'", FORM);

        assertEquals(List.of("observe", "find_element", "click", "type_text"), actions(draft));
        WorkflowStep find = draft.steps().get(1);
        WorkflowStep click = draft.steps().get(2);
        assertEquals("role-exact=push button,label-exact=Submit", find.selector());
        assertEquals("Signup", find.windowTitle());
        assertEquals(find.selector(), click.selector());
        assertEquals("Signup", click.windowTitle());
        assertEquals(true, click.visionFallback());
        assertEquals("Ada Lovelace", draft.steps().get(3).value());
        assertEquals(draft, WorkflowFiles.parse(WorkflowFiles.write(draft, "yaml"), "yaml"), "a valid file's content");
    }

    @Test
    void aNamedRoleMakesAnElementTheLikelierTarget() throws Exception {
        List<GraphNode> two = List.of(
                element(":1.0:/1", "label", "Submit", "Signup"), element(":1.0:/2", "push button", "Submit", "Signup"));
        Workflow draft = DraftBuilder.build("click the Submit push button", two);
        assertEquals(
                "role-exact=push button,label-exact=Submit",
                draft.steps().get(1).selector());
    }

    @Test
    void withoutTheGraphTheLabelIsReadFromTheGoalsWords() throws Exception {
        Workflow draft = DraftBuilder.build("Click Save", List.of());
        assertEquals(List.of("observe", "find_element", "click"), actions(draft));
        assertEquals("label=Save", draft.steps().get(1).selector());
        assertNull(draft.steps().get(1).windowTitle());
    }

    @Test
    void aGoalThatNamesNothingToActOnOnlyObservesOrTypes() throws Exception {
        assertEquals(List.of("observe"), actions(DraftBuilder.build("look at the desktop", FORM)));
        Workflow paste = DraftBuilder.build("paste \"x1, y2\"", List.of());
        assertEquals(List.of("observe", "paste_text"), actions(paste));
        assertEquals("x1, y2", paste.steps().get(1).value());
    }

    @Test
    void aLabelThatCannotBeOnePartOfASelectorIsNeverUsed() throws Exception {
        List<GraphNode> comma = List.of(element(":1.0:/9", "push button", "Yes, delete", "Confirm"));
        Workflow draft = DraftBuilder.build("click Yes, delete", comma);
        assertTrue(draft.steps().stream()
                .noneMatch(step -> step.selector() != null
                        && step.selector().contains(",")
                        && step.selector().contains("delete")));
    }

    @Test
    void thePlanObservesFirst() throws Exception {
        Workflow plan = DraftBuilder.plan("  open the settings  ");
        assertEquals("open the settings", plan.name());
        assertEquals(List.of("observe"), actions(plan));
    }
}
