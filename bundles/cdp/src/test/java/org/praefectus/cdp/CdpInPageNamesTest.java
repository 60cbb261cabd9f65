package org.praefectus.cdp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.protocol.SemanticElement;

/**
 * The corpus test of the in-page reading (#39): on every test page (the benchmark's pages among them, copied as
 * {@code bench-*.html}), every element of every part an observation with names computed in the page (here for every page whatever its
 * size) shows has
 * the role and name Chromium's own accessibility node of that DOM node gives ({@code Accessibility.getPartialAXTree},
 * read by the test's own session): 0 mismatches. Against the accessibility-tree reading of the same page
 * ({@link CdpConfig#withAccessibilityTreeNames()}): no control lost, hidden text marked alike, and every element both
 * show shown with the same role, name and states.
 */
class CdpInPageNamesTest {

    private static Chromium chromium;

    @BeforeAll
    static void start() throws Exception {
        chromium = Chromium.shared();
    }

    @Test
    void everyShownRoleAndNameIsTheAccessibleOneOnEveryPageOfTheCorpus() throws Exception {
        List<String> mismatches = new ArrayList<>();
        List<String> summary = new ArrayList<>();
        int compared = 0;
        for (String page : corpus()) {
            String target = chromium.open(page, 30_000);
            try (CdpExecutor executor = CdpExecutor.connect(chromium.config(target));
                    DevToolsChannel own = DevToolsChannel.open(new ObjectMapper(), chromium.port(), target)) {
                int fallbacks = executor.session().inPageFallbacks();
                int uncertain = executor.session().inPageUncertain();
                int parts = 1;
                int elements = 0;
                for (int part = 0; part < parts; part++) {
                    PageObservation observed =
                            executor.observePage(new CancellationToken(), System.currentTimeMillis() + 60_000, part);
                    parts = observed.parts();
                    ObservedPage nodes = executor.latest();
                    List<SemanticElement> shown = observed.observation().elements();
                    List<java.util.concurrent.CompletableFuture<JsonNode>> replies = new ArrayList<>();
                    for (SemanticElement element : shown) {
                        long node = nodes.nodes().get(element.elementId()).backendNodeId();
                        replies.add(own.send(
                                "Accessibility.getPartialAXTree",
                                own.params().put("backendNodeId", node).put("fetchRelatives", false)));
                    }
                    for (int i = 0; i < shown.size(); i++) {
                        SemanticElement element = shown.get(i);
                        long node = nodes.nodes().get(element.elementId()).backendNodeId();
                        AxTree.Entry theirs = AxTree.ofNode(
                                DevToolsChannel.await(replies.get(i), System.currentTimeMillis() + 60_000), node, -1);
                        elements++;
                        if (theirs == null) {
                            mismatches.add(page + ": " + element.role() + " \"" + element.name()
                                    + "\" is ignored by the accessibility tree");
                        } else if (!theirs.semantics().role().equals(element.role())
                                || !Objects.equals(theirs.semantics().name(), element.name())) {
                            mismatches.add(page + ": " + element.role() + " \"" + element.name()
                                    + "\", accessibility tree "
                                    + theirs.semantics().role() + " \""
                                    + theirs.semantics().name() + "\"");
                        }
                    }
                }
                // against the accessibility-tree reading of the same page: no control lost, the same hidden lines,
                // and every element both show shown alike (role, name and every state: checked, option, value length…)
                Shown inPage = shown(executor);
                try (CdpExecutor whole =
                        CdpExecutor.connect(chromium.config(target).withAccessibilityTreeNames())) {
                    Shown tree = shown(whole);
                    List<String> lost = new ArrayList<>(tree.controls());
                    inPage.controls().forEach(lost::remove);
                    if (!lost.isEmpty()) {
                        mismatches.add(page + ": controls the in-page reading lost " + lost);
                    }
                    if (!inPage.hidden().equals(tree.hidden())) {
                        mismatches.add(page + ": hidden lines " + inPage.hidden() + ", tree " + tree.hidden());
                    }
                    inPage.byNode().forEach((node, shownInPage) -> {
                        String shownByTree = tree.byNode().get(node);
                        if (shownByTree != null && !shownByTree.equals(shownInPage)) {
                            mismatches.add(page + ": " + shownInPage + ", tree " + shownByTree);
                        }
                    });
                }
                // the reading is really the page's: only a page the pass cannot walk (a closed shadow root, which the
                // isolated world cannot enter) falls back to the whole tree
                int fellBack = executor.session().inPageFallbacks() - fallbacks;
                if (page.equals("shadow.html") ? fellBack == 0 : fellBack > 0) {
                    mismatches.add(page + ": fell back to the whole tree " + fellBack + " times");
                }
                compared += elements;
                summary.add(page + " " + elements + " elements, fell back "
                        + (executor.session().inPageFallbacks() - fallbacks) + ", from the tree "
                        + (executor.session().inPageUncertain() - uncertain));
            } finally {
                chromium.closeTarget(target);
            }
        }
        System.out.println("in-page corpus: " + compared + " elements compared\n" + String.join("\n", summary));
        assertEquals(List.of(), mismatches);
        int all = compared;
        assertTrue(all > 6_000, () -> "compared " + all);
    }

    /**
     * The controls (role and name) and the hidden lines (without tags) of every part of the page, and each element's
     * role, name and states by its DOM node.
     */
    private record Shown(List<String> controls, List<String> hidden, java.util.Map<Long, String> byNode) {}

    private static Shown shown(CdpExecutor executor) throws Exception {
        List<String> controls = new ArrayList<>();
        List<String> hidden = new ArrayList<>();
        java.util.Map<Long, String> byNode = new java.util.HashMap<>();
        int parts = 1;
        for (int part = 0; part < parts; part++) {
            PageObservation observed =
                    executor.observePage(new CancellationToken(), System.currentTimeMillis() + 60_000, part);
            parts = observed.parts();
            ObservedPage nodes = executor.latest();
            for (SemanticElement element : observed.observation().elements()) {
                byNode.put(
                        nodes.nodes().get(element.elementId()).backendNodeId(),
                        element.role() + " \"" + element.name() + "\" " + observed.state(element.tag()));
                if (element.actionability().invokable()
                        || element.actionability().editable()) {
                    controls.add(element.role() + " \"" + element.name() + "\"");
                }
            }
            for (String line : observed.outline().split("\n")) {
                if (line.contains("[hidden]")) {
                    hidden.add(line.strip().replaceAll(" \\[e\\d+\\]", ""));
                }
            }
        }
        java.util.Collections.sort(controls);
        java.util.Collections.sort(hidden);
        return new Shown(controls, hidden, byNode);
    }

    /** Every page of the test pages, the benchmark's included. */
    static List<String> corpus() throws Exception {
        Path pages = Path.of(CdpInPageNamesTest.class.getResource("pages").toURI());
        try (Stream<Path> files = Files.list(pages)) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".html"))
                    .sorted()
                    .toList();
        }
    }
}
