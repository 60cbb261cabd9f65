package org.praefectus.mcp.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.mcp.host.ToolArguments.InvalidArgument;

/**
 * {@code act handle_dialog} (#39 defect 1): accept and dismiss become the executor's dialog answers, a prompt's text
 * its {@code set_value} verified by the text's hash; text with a dismissal, or no answer at all, is refused before
 * anything is signed; the question names the dialog's kind and message and never the text.
 */
class DialogArgumentsTest {

    private static ActionArguments parse(Map<String, Object> args) {
        return ActionArguments.parse(args, ActionArguments.PAGE_KINDS);
    }

    @Test
    void anAnswerBecomesTheExecutorsDialogAction() throws Exception {
        ActionArguments accept = parse(Map.of("action", "handle_dialog", "accept", true));
        assertFalse(accept.hasTag(), "the tag defaults to the observation's dialog");
        assertEquals("AXConfirm", ((Action.PerformSecondaryAction) accept.action(null)).name());
        ActionArguments dismiss = parse(Map.of("action", "handle_dialog", "tag", "e1", "accept", false));
        assertEquals("AXCancel", ((Action.PerformSecondaryAction) dismiss.action(null)).name());
        assertTrue(dismiss.verification(null) instanceof VerificationPolicy.None);

        ActionArguments text = parse(Map.of("action", "handle_dialog", "accept", true, "prompt_text", "Q3"));
        assertEquals("Q3", ((Action.SetValue) text.action(null)).value());
        assertTrue(text.verification(null) instanceof VerificationPolicy.TargetValueHash);
    }

    @Test
    void textWithADismissalOrNoAnswerIsRefused() {
        assertThrows(
                InvalidArgument.class,
                () -> parse(Map.of("action", "handle_dialog", "accept", false, "prompt_text", "Q3")));
        assertThrows(InvalidArgument.class, () -> parse(Map.of("action", "handle_dialog")));
        assertThrows(InvalidArgument.class, () -> parse(Map.of("action", "handle_dialog", "accept", "yes")));
    }

    @Test
    void theQuestionNamesTheDialogsKindAndNeverTheText() {
        String question = parse(Map.of("action", "handle_dialog", "accept", true, "prompt_text", "secret name"))
                .onDialog("e1")
                .confirmationMessage(null, "prompt", 30);
        assertTrue(question.contains("Dialog: prompt"), question);
        assertTrue(question.contains("answer the page's dialog with text"), question);
        assertFalse(question.contains("secret name"), question);
    }
}
