package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.SemanticElement;
import org.praefectus.cdp.PageObservation;

/**
 * {@code observe} in browser mode: one observation of the page (a {@code part} of it when it is too large for one),
 * which becomes the session's current observation for {@code act}. The text block is the executor's outline, one
 * short line per element, so a model reads far fewer tokens than the JSON; the JSON (within {@code observe}'s budget,
 * with {@code part} and {@code parts}) is the structured content.
 */
final class PageObserveTool implements Tool {

    private final PageObserver page;
    private final BrowserTabs tabs;
    private final SessionObservations observations;
    private final Clock clock;

    PageObserveTool(PageObserver page, BrowserTabs tabs, SessionObservations observations, Clock clock) {
        this.page = page;
        this.tabs = tabs;
        this.observations = observations;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "observe";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        int maxElements = ObserveTool.maxElements(args);
        int maxBytes = ObserveTool.maxBytes(args);
        int part = ToolArguments.intArgument(args, "part", 0, 0, 1_000);
        PageObservation observed;
        try {
            observed = page.observe(part, new CancellationToken(), clock.millis() + ToolHost.PAGE_OBSERVE_DEADLINE_MS);
        } catch (ExecutorException e) {
            return ExecutorFailures.pageObservationFailure(e);
        }
        observations.setCurrent(context.sessionKey(), observed.observation(), facts(observed));
        Map<String, Object> body = ObserveTool.body(observed.observation(), maxElements, maxBytes);
        body.put("part", observed.part());
        body.put("parts", observed.parts());
        return ToolResult.ok(body).withText(observed.outline() + openedTabs(body));
    }

    /**
     * The tabs the page opened since the session last saw its tabs ({@code window.open}, {@code target=_blank}): named
     * in {@code opened_tabs} and after the outline, so the model learns of them without asking; the session keeps
     * following its tab until {@code tabs select}. Nothing when the tabs cannot be read (the page was observed).
     */
    private String openedTabs(Map<String, Object> body) {
        List<BrowserTabs.Tab> opened;
        try {
            opened = tabs.opened();
        } catch (ExecutorException unreadable) {
            return "";
        }
        if (opened.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder("\n# the page opened a new tab (tabs select TAG follows it):\n");
        List<Map<String, Object>> listed = new java.util.ArrayList<>();
        for (BrowserTabs.Tab tab : opened) {
            listed.add(Map.of("tab", tab.tag(), "title", tab.title(), "url", tab.url()));
            text.append(TabsTool.line(tab)).append('\n');
        }
        body.put("opened_tabs", listed);
        return text.toString();
    }

    /**
     * What the session keeps of a page observation beyond its elements: its part, the kind of the dialog it shows
     * alone (its first element), its controls outside the viewport and its file inputs.
     */
    static SessionObservations.PageFacts facts(PageObservation observed) {
        List<SemanticElement> elements = observed.observation().elements();
        String dialog = !elements.isEmpty()
                        && elements.get(0).role().equals("alertdialog")
                        && observed.state(elements.get(0).tag()).get("dialog") instanceof String kind
                ? kind
                : null;
        Set<String> offscreen = new HashSet<>();
        Set<String> fileInputs = new HashSet<>();
        for (SemanticElement element : elements) {
            if (Boolean.TRUE.equals(observed.state(element.tag()).get("offscreen"))) {
                offscreen.add(element.tag());
            }
            if (Boolean.TRUE.equals(observed.state(element.tag()).get("file_input"))) {
                fileInputs.add(element.tag());
            }
        }
        return new SessionObservations.PageFacts(observed.part(), dialog, offscreen, fileInputs);
    }
}
