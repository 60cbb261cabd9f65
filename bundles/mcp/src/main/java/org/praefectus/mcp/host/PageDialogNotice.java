package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.cdp.PageObservation;

/**
 * After an {@code act} on a page: whether the page now shows a JavaScript dialog (the executor's dialog events say; the
 * page is observed only when one is open) ({@code confirm()}, {@code prompt()},
 * {@code alert()} opened by the activation, which then stops inside it and ends {@code outcome_unknown}). If it does,
 * the dialog's observation becomes the session's current one and the answer names it ({@code dialog}: kind, message,
 * tag), so the agent answers it with {@code act handle_dialog} without observing again. While a dialog is open the page
 * answers nothing else, so no tag of the observation acted on could be used anyway.
 */
final class PageDialogNotice {

    /** How long the look at the page may take: a short read, the dialog alone is shown. */
    private static final long LOOK_DEADLINE_MS = 15_000;

    private final PageObserver page;
    private final SessionObservations observations;
    private final Clock clock;

    PageDialogNotice(PageObserver page, SessionObservations observations, Clock clock) {
        this.page = page;
        this.observations = observations;
        this.clock = clock;
    }

    /** {@code result}, naming the dialog the page shows now, if it shows one. */
    ToolResult after(ToolResult result, String sessionKey) {
        // the executor's dialog events answer without a call to the page: most acts open no dialog, and observing a
        // large page after each would cost seconds
        if (Boolean.TRUE.equals(result.structured().get("replayed")) || !page.dialogOpen()) {
            return result;
        }
        PageObservation observed;
        try {
            observed = page.observe(0, new CancellationToken(), clock.millis() + LOOK_DEADLINE_MS);
        } catch (ExecutorException unreadable) {
            return result;
        }
        SessionObservations.PageFacts facts = PageObserveTool.facts(observed);
        if (facts.dialog() == null) {
            return result;
        }
        observations.setCurrent(sessionKey, observed.observation(), facts);
        SemanticElement dialog = observed.observation().elements().get(0);
        Map<String, Object> body = new LinkedHashMap<>(result.structured());
        body.put(
                "dialog",
                Map.of(
                        "kind",
                        facts.dialog(),
                        "message",
                        dialog.name() == null ? "" : dialog.name(),
                        "tag",
                        dialog.tag(),
                        "next_action",
                        "answer it with act handle_dialog (accept true or false; prompt_text answers a prompt)"));
        String text = result.text() == null ? null : result.text() + "\n" + observed.outline();
        return new ToolResult(result.error(), body, result.pngBase64(), text);
    }
}
