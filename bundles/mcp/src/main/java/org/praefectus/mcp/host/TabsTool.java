package org.praefectus.mcp.host;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.InteractionMode;
import org.praefectus.api.protocol.SafetyClass;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.api.protocol.WindowOperation;
import org.praefectus.api.resident.ActionProposal;
import org.praefectus.cdp.CdpExecutor;

/**
 * {@code tabs} in browser mode: {@code list} the browser's tabs (read-only); {@code select} one, so that observe and
 * act address it from then on; {@code close} one. Selecting and closing are the CDP executor's {@code window} action
 * ({@code focus} / {@code close}) on that tab, named by its label, signed through the tab's own executor and private
 * engine, confirmed as the profile and policy demand (the person is asked with the tab's label), so a selection is the
 * host's decision, never the page's. The session follows the tab only once the selection succeeded; closing the
 * followed tab makes the session follow the first other tab, which the question names (closing the last one is
 * refused before anyone is asked). Either way the session's current observation is forgotten: observe again.
 */
final class TabsTool implements Tool {

    private static final Set<String> ARGUMENTS = Set.of("action", "tab", "operation_id");
    private static final long GRANT_DEADLINE_MS = 60_000;

    private final BrowserTabs tabs;
    private final SignedActions actions;
    private final SessionObservations observations;
    private final Clock clock;

    TabsTool(BrowserTabs tabs, SignedActions actions, SessionObservations observations, Clock clock) {
        this.tabs = tabs;
        this.actions = actions;
        this.observations = observations;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "tabs";
    }

    @Override
    public ToolResult call(Map<String, Object> args, ToolHost.CallContext context) {
        ToolArguments.onlyArguments(name(), args, ARGUMENTS);
        String action = ToolArguments.stringArgument(args, "action", false);
        String tag = ToolArguments.stringArgument(args, "tab", false);
        if (action == null || action.equals("list")) {
            if (tag != null) {
                throw new ToolArguments.InvalidArgument("tabs list takes no tab");
            }
            try {
                return listed(tabs.list());
            } catch (ExecutorException e) {
                return ExecutorFailures.pageObservationFailure(e);
            }
        }
        if (!action.equals("select") && !action.equals("close")) {
            throw new ToolArguments.InvalidArgument("tabs action is list, select or close");
        }
        if (tag == null) {
            throw new ToolArguments.InvalidArgument("tabs " + action + " needs the tab's tag (tabs list shows them)");
        }
        Optional<ToolResult> denied = actions.deniedByProfile(name(), "window", Map.of());
        if (denied.isPresent()) {
            return denied.get();
        }
        String operationId = ToolArguments.operationId(args);
        String fingerprint = ToolArguments.fingerprint(name(), args);
        return action.equals("select")
                ? select(tag, operationId, fingerprint, context)
                : close(tag, operationId, fingerprint, context);
    }

    private ToolResult select(String tag, String operationId, String fingerprint, ToolHost.CallContext context) {
        BrowserTabs.Binding binding;
        try {
            binding = tabs.bind(tag);
        } catch (ExecutorException e) {
            return unknownTab();
        }
        BrowserTabs.Tab tab = binding.tab();
        ToolResult result = actions.through(binding)
                .run(
                        name(),
                        operationId,
                        fingerprint,
                        () -> SignedActions.Plan.proposed(new SignedActions.Proposed(
                                proposal(WindowOperation.FOCUS, tab),
                                "Praefectus asks you to allow one action in its browser.\n"
                                        + "Action: select this tab (observe and act then address it)\n"
                                        + "Tab: " + tab.tag() + " \"" + tab.label() + "\"\n",
                                terminal -> Map.of("current", tab.tag()))),
                        context);
        if (result.error()) {
            tabs.release(binding);
        } else {
            tabs.follow(binding);
            observations.forgetCurrent(context.sessionKey());
        }
        return result;
    }

    private ToolResult close(String tag, String operationId, String fingerprint, ToolHost.CallContext context) {
        List<BrowserTabs.Tab> all;
        BrowserTabs.Binding binding;
        try {
            all = tabs.list();
            binding = tabs.bind(tag);
        } catch (ExecutorException e) {
            return unknownTab();
        }
        BrowserTabs.Tab tab = binding.tab();
        BrowserTabs.Binding next = null;
        if (tab.current()) {
            Optional<BrowserTabs.Tab> other =
                    all.stream().filter(t -> !t.tag().equals(tag)).findFirst();
            if (other.isEmpty()) {
                return ToolResult.failure(
                        "last_tab",
                        "this is the browser's only tab: closing it would leave the session without a page",
                        "act open another URL in it instead",
                        true);
            }
            try {
                next = tabs.bind(other.get().tag());
            } catch (ExecutorException e) {
                return unknownTab();
            }
        }
        BrowserTabs.Binding following = next;
        String then = following == null
                ? ""
                : "Afterwards the session follows tab " + following.tab().tag() + " \""
                        + following.tab().label() + "\"\n";
        ToolResult result = actions.through(binding)
                .run(
                        name(),
                        operationId,
                        fingerprint,
                        () -> SignedActions.Plan.proposed(new SignedActions.Proposed(
                                proposal(WindowOperation.CLOSE, tab),
                                "Praefectus asks you to allow one action in its browser.\n"
                                        + "Action: close this tab (the page may lose what it has not saved)\n"
                                        + "Tab: " + tab.tag() + " \"" + tab.label() + "\"\n" + then,
                                terminal -> following == null
                                        ? Map.of("closed", tab.tag())
                                        : Map.of(
                                                "closed",
                                                tab.tag(),
                                                "current",
                                                following.tab().tag()))),
                        context);
        if (following == null) {
            tabs.release(binding);
        } else if (result.error()) {
            tabs.release(following);
        } else {
            tabs.follow(following);
            observations.forgetCurrent(context.sessionKey());
        }
        return result;
    }

    /** The {@code window} action on the tab, on its own page ({@code none}: the executor's document). */
    private ActionProposal proposal(WindowOperation operation, BrowserTabs.Tab tab) {
        return new ActionProposal(
                new Action.Window(operation, CdpExecutor.TAB_APPLICATION, tab.label()),
                new TargetRef.None(),
                InteractionMode.BACKGROUND_ONLY,
                new VerificationPolicy.None(),
                SafetyClass.REVERSIBLE,
                clock.millis() + GRANT_DEADLINE_MS);
    }

    private static ToolResult unknownTab() {
        return ToolResult.failure(
                "unknown_tab",
                "no such tab: the tag was never given, or the tab closed",
                "call tabs list and use a tag from it",
                true);
    }

    /** The list: structured, and one outline line per tab for a model. */
    private static ToolResult listed(List<BrowserTabs.Tab> all) {
        List<Map<String, Object>> items = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        String current = null;
        for (BrowserTabs.Tab tab : all) {
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("tab", tab.tag());
            item.put("title", tab.title());
            item.put("url", tab.url());
            item.put("current", tab.current());
            items.add(item);
            text.append(line(tab)).append('\n');
            if (tab.current()) {
                current = tab.tag();
            }
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("tabs", items);
        if (current != null) {
            body.put("current", current);
        }
        return ToolResult.ok(body).withText(text.toString());
    }

    /** One tab's outline line: {@code - tab "Title" [t2] url [current]}. */
    static String line(BrowserTabs.Tab tab) {
        return "- tab \"" + tab.title() + "\" [" + tab.tag() + "] " + tab.url() + (tab.current() ? " [current]" : "");
    }
}
