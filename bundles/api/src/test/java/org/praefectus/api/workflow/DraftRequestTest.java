package org.praefectus.api.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** PeekabooX's one rule of the drafting tools: which takes and needs which field, on every surface. */
class DraftRequestTest {

    private static Workflow workflow() throws Exception {
        return new ObjectMapper().readValue("{\"name\":\"w\",\"steps\":[{\"action\":\"observe\"}]}", Workflow.class);
    }

    private static final FailureReport FAILED = new FailureReport(0, "click", "target_not_found", 1, "fix_selector");

    @Test
    void everyDraftingToolNeedsItsGoal() throws Exception {
        Workflow given = workflow();
        for (String tool : DraftRequest.TOOLS) {
            String path = tool.startsWith("save_") ? "d.yaml" : null;
            FailureReport failure = tool.equals("replan_workflow") ? FAILED : null;
            Workflow workflow = DraftRequest.fields(tool).contains("workflow") ? given : null;
            IllegalArgumentException refused = assertThrows(
                    IllegalArgumentException.class,
                    () -> new DraftRequest(
                            tool, " ", tool.equals("save_generated_workflow") ? null : workflow, failure, path, false),
                    tool);
            assertTrue(refused.getMessage().contains("goal"), refused.getMessage());
            assertEquals(tool, new DraftRequest(tool, "a goal", workflow, failure, path, false).tool());
        }
    }

    @Test
    void aGivenWorkflowIsSavedWithoutAGoalAndNothingIsGenerated() throws Exception {
        Workflow given = workflow();
        DraftRequest save = new DraftRequest("save_generated_workflow", null, given, null, "d.json", false);
        assertTrue(save.saves());
        assertNull(save.draft(null, null), "a given workflow is saved as given");
        assertEquals(given, save.saved(null));
    }

    @Test
    void fieldsAToolDoesNotTakeOrNeedsAreRefusedByName() throws Exception {
        Workflow given = workflow();
        assertThrows(
                IllegalArgumentException.class, () -> new DraftRequest("plan_workflow", "g", given, null, null, false));
        assertThrows(
                IllegalArgumentException.class,
                () -> new DraftRequest("generate_workflow", "g", null, null, "d.yaml", false));
        assertThrows(
                IllegalArgumentException.class,
                () -> new DraftRequest("save_refined_workflow", "g", given, null, null, false));
        assertThrows(
                IllegalArgumentException.class,
                () -> new DraftRequest("replan_workflow", "g", given, null, null, false));
        assertThrows(
                IllegalArgumentException.class,
                () -> new DraftRequest("refine_workflow", "g", given, FAILED, null, false));
        assertThrows(
                IllegalArgumentException.class, () -> new DraftRequest("plan_workflow", "g", null, null, null, true));
        assertThrows(IllegalArgumentException.class, () -> DraftRequest.fields("execute_workflow"));
    }
}
