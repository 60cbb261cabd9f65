package org.praefectus.tests.jar;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code praefectus.jar mcp --browser} driven by a real MCP client (the official Java SDK's, over stdio, answering
 * the host's confirmations): the server launches its own Chromium on the login page the host configured, and a model
 * observes it (the outline as text), sets the user, types the password and invokes the submit button through the
 * page's private engine; the next page proves the effect. Refused: a desktop tool, an {@code open} of a file URL (no
 * navigation), a tool argument naming another page. The runtime's shared ledger is never written, the browser's own
 * ledger holds the operations, and the browser ends with the session. Needs {@code /usr/bin/chromium}: without it
 * this test fails.
 */
class McpBrowserTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir
    Path state;

    private HttpServer pages;
    /** What the pages reported to their server ({@code /record?…}): the proof of an effect, outside the browser. */
    private final List<String> records = new CopyOnWriteArrayList<>();
    /** Whether {@code /gate} lets a page go on ({@code report.html}'s late button): the test decides when. */
    private final java.util.concurrent.atomic.AtomicBoolean gateOpen = new java.util.concurrent.atomic.AtomicBoolean();

    @BeforeEach
    void servePages() throws Exception {
        pages = HttpServer.create(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
        pages.createContext("/upload", exchange -> {
            // what the page uploaded, as the server received it: the file's name and its bytes
            byte[] bytes = exchange.getRequestBody().readAllBytes();
            records.add("upload=" + exchange.getRequestURI().getRawQuery() + ":"
                    + new String(bytes, StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        pages.createContext("/gate", exchange -> {
            exchange.sendResponseHeaders(gateOpen.get() ? 200 : 204, -1);
            exchange.close();
        });
        pages.createContext("/record", exchange -> {
            records.add(exchange.getRequestURI().getRawQuery());
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        pages.createContext("/", exchange -> {
            String name = exchange.getRequestURI().getPath().substring(1);
            try (InputStream page = McpBrowserTest.class.getResourceAsStream("pages/" + name)) {
                if (page == null || name.contains("/")) {
                    exchange.sendResponseHeaders(404, -1);
                } else {
                    byte[] body = page.readAllBytes();
                    exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
                    exchange.sendResponseHeaders(200, body.length);
                    exchange.getResponseBody().write(body);
                }
            }
            exchange.close();
        });
        pages.start();
    }

    @AfterEach
    void stopPages() {
        pages.stop(0);
    }

    private String url(String page) {
        return "http://127.0.0.1:" + pages.getAddress().getPort() + "/" + page;
    }

    @Test
    void aModelSignsInOnTheHostsPageThroughThePrivateEngineAndTheSharedLedgerIsUntouched() throws Exception {
        assertTrue(Files.isExecutable(CHROMIUM), "browser mode needs Chromium at " + CHROMIUM);
        List<String> questions = new CopyOnWriteArrayList<>();
        long browserPid;
        Set<String> operations;
        try (McpSyncClient client = client(questions, "--browser-url", url("login.html"))) {
            client.initialize();

            Set<String> tools = client.listTools().tools().stream()
                    .map(McpSchema.Tool::name)
                    .collect(Collectors.toSet());
            assertEquals(
                    Set.of(
                            "capabilities",
                            "status",
                            "observe",
                            "act",
                            "navigate_back",
                            "find",
                            "wait_for",
                            "tabs",
                            "screenshot",
                            "fill_form"),
                    tools);
            McpError desktopTool = assertThrows(
                    McpError.class, () -> client.callTool(new McpSchema.CallToolRequest("list_windows", Map.of())));
            assertTrue(desktopTool.getMessage().contains("Unknown tool"), desktopTool::getMessage);

            JsonNode capabilities = structured(call(client, "capabilities", Map.of()));
            assertEquals(
                    "host_isolated",
                    capabilities.at("/session/browser/session_isolation").asText());
            browserPid = capabilities.at("/session/browser/process_id").asLong();

            // a tool argument never names the browser's page: refused by the tool's schema, the page is the host's
            McpSchema.CallToolResult named =
                    client.callTool(new McpSchema.CallToolRequest("observe", Map.of("url", url("welcome.html"))));
            assertTrue(named.isError(), () -> text(named));
            McpSchema.CallToolResult login = awaitPage(client, Map.of(), "button \"Sign in\"");
            String outline = text(login);
            assertTrue(outline.startsWith("- RootWebArea \"Sign in\""), outline);
            JsonNode observed = structured(login);
            String user = tag(observed, "textbox", "User");
            String password = tag(observed, "textbox", "Password");
            String submit = tag(observed, "button", "Sign in");
            assertTrue(outline.contains("- textbox \"User\" [" + user + "]"), outline);

            JsonNode setUser =
                    structured(call(client, "act", Map.of("action", "set_value", "tag", user, "value", "ada")));
            assertEquals("succeeded", setUser.at("/terminal/kind").asText(), setUser::toString);
            assertTrue(setUser.get("verified").asBoolean(), setUser::toString);
            JsonNode typed = structured(
                    call(client, "act", Map.of("action", "type_text", "tag", password, "text", "correct horse")));
            assertEquals("succeeded", typed.at("/terminal/kind").asText(), typed::toString);
            JsonNode invoked = structured(call(client, "act", Map.of("action", "invoke", "tag", submit)));
            assertEquals("succeeded", invoked.at("/terminal/kind").asText(), invoked::toString);
            assertEquals(3, questions.size(), "each effect was confirmed");
            assertFalse(
                    questions.stream().anyMatch(q -> q.contains("correct horse") || q.contains("ada\n")),
                    "a question never shows the text");

            McpSchema.CallToolResult welcome = awaitPage(client, Map.of(), "heading \"Welcome, ada (Viewer)\"");
            assertTrue(text(welcome).contains("welcome.html"), text(welcome));

            // an open of anything but an absolute http(s) URL is refused before anyone is asked: no navigation
            McpSchema.CallToolResult fileOpen = client.callTool(
                    new McpSchema.CallToolRequest("act", Map.of("action", "open", "url", "file:///etc/passwd")));
            assertTrue(fileOpen.isError());
            assertEquals(
                    "invalid_arguments", structured(fileOpen).at("/error/code").asText());
            assertEquals(3, questions.size(), "nobody was asked");
            assertTrue(text(call(client, "observe", Map.of())).contains("heading \"Welcome, ada (Viewer)\""));

            // #39 Build, navigate_back: to the previous history entry (the login page) without naming its URL, signed
            // and confirmed as act's open; the history has no entry before that one
            JsonNode back = structured(call(client, "navigate_back", Map.of()));
            assertEquals("succeeded", back.at("/terminal/kind").asText(), back::toString);
            assertTrue(questions.get(3).contains("Action: open"), questions.get(3));
            awaitPage(client, Map.of(), "button \"Sign in\"");
            McpSchema.CallToolResult noEarlier =
                    client.callTool(new McpSchema.CallToolRequest("navigate_back", Map.of()));
            assertEquals("no_history", structured(noEarlier).at("/error/code").asText(), () -> text(noEarlier));
            assertEquals(4, questions.size(), "nobody was asked");

            // a signed open navigates: the login page again (its current URL: a reload)
            JsonNode opened = structured(call(client, "act", Map.of("action", "open", "url", url("login.html"))));
            assertEquals("succeeded", opened.at("/terminal/kind").asText(), opened::toString);
            assertTrue(
                    questions
                            .get(4)
                            .contains("Go to: http://127.0.0.1:"
                                    + pages.getAddress().getPort()),
                    questions.get(4));
            awaitPage(client, Map.of(), "button \"Sign in\"");

            JsonNode status = structured(call(
                    client,
                    "status",
                    Map.of("operation_id", invoked.get("operation_id").asText())));
            assertTrue(status.get("known").asBoolean(), status::toString);
            operations = Set.of(
                    setUser.get("operation_id").asText(),
                    typed.get("operation_id").asText(),
                    invoked.get("operation_id").asText(),
                    opened.get("operation_id").asText(),
                    back.get("operation_id").asText());
        }

        await().atMost(Duration.ofSeconds(30))
                .until(() -> ProcessHandle.of(browserPid).map(p -> !p.isAlive()).orElse(true));
        Path root = state.resolve("praefectus");
        assertFalse(
                Files.exists(root.resolve("praefectus-operations.jsonl")), "the shared engine's ledger is untouched");
        String browserLedger = Files.readString(root.resolve("mcp/browser-operations.jsonl"), StandardCharsets.UTF_8);
        for (String operation : operations) {
            assertTrue(browserLedger.contains(operation), operation);
        }
    }

    /**
     * #39 defect 1: a {@code confirm()} no longer locks the session. The invoke that opens it ends unknown (the page
     * stopped inside it), observe shows the dialog alone, anything but {@code handle_dialog} is refused before anyone
     * is asked, and {@code handle_dialog} answers it; the person's question names the dialog's kind and message. The
     * act that opened a dialog names it (kind, message), so the {@code prompt()} is answered straight from that answer,
     * with text verified by its hash. The page server's records prove both.
     */
    @Test
    void aConfirmAndAPromptAreAnsweredThroughHandleDialog() throws Exception {
        List<String> questions = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(questions, "--browser-url", url("documents.html"))) {
            client.initialize();
            JsonNode page = structured(awaitPage(client, Map.of(), "button \"Delete\""));
            // the page stops inside the activation: its outcome is unknown until the dialog is answered
            JsonNode delete = structured(client.callTool(new McpSchema.CallToolRequest(
                    "act", Map.of("action", "invoke", "tag", tag(page, "button", "Delete")))));
            assertEquals("outcome_unknown", delete.at("/terminal/kind").asText(), delete::toString);
            // the answer names the dialog the activation opened: the agent can answer it without observing
            assertEquals("confirm", delete.at("/dialog/kind").asText(), delete::toString);
            assertEquals(
                    "Delete the document Q3 report?",
                    delete.at("/dialog/message").asText(),
                    delete::toString);

            McpSchema.CallToolResult dialog = awaitPage(client, Map.of(), "[dialog=\"confirm\"]");
            assertTrue(text(dialog).startsWith("- alertdialog \"Delete the document Q3 report?\""), text(dialog));
            int asked = questions.size();
            McpSchema.CallToolResult pressed = client.callTool(
                    new McpSchema.CallToolRequest("act", Map.of("action", "press", "tag", "e1", "key", "Enter")));
            assertTrue(pressed.isError());
            assertEquals("dialog_open", structured(pressed).at("/error/code").asText());
            assertEquals(asked, questions.size(), "nobody was asked");

            JsonNode accepted = structured(call(client, "act", Map.of("action", "handle_dialog", "accept", true)));
            assertEquals("succeeded", accepted.at("/terminal/kind").asText(), accepted::toString);
            String question = questions.get(questions.size() - 1);
            assertTrue(question.contains("Dialog: confirm \"Delete the document Q3 report?\""), question);
            assertTrue(question.contains("accept"), question);
            await().atMost(Duration.ofSeconds(30)).until(() -> records.contains("deleted=q3"));

            page = structured(awaitPage(client, Map.of(), "button \"Copy\""));
            JsonNode copy = structured(client.callTool(new McpSchema.CallToolRequest(
                    "act", Map.of("action", "invoke", "tag", tag(page, "button", "Copy")))));
            assertEquals("prompt", copy.at("/dialog/kind").asText(), copy::toString);
            // answered straight from the act's answer: no observe between the activation and the answer
            JsonNode answered = structured(call(
                    client,
                    "act",
                    Map.of("action", "handle_dialog", "accept", true, "prompt_text", "Q3 report (final)")));
            assertEquals("succeeded", answered.at("/terminal/kind").asText(), answered::toString);
            assertTrue(answered.get("verified").asBoolean(), answered::toString);
            String promptQuestion = questions.get(questions.size() - 1);
            assertTrue(promptQuestion.contains("Dialog: prompt \"Name of the copy?\""), promptQuestion);
            assertFalse(promptQuestion.contains("Q3 report (final)"), "a question never shows the text");
            await().atMost(Duration.ofSeconds(30)).until(() -> records.contains("copy=Q3%20report%20(final)"));
        }
    }

    /**
     * #39 defect 2: "Edit 1742" of a 2,000-row table, outside the viewport and in the page's second part, is invoked
     * in three calls (observe, observe part 1, act): the act brings the exact row button into view itself. The page
     * server records the edit.
     */
    @Test
    void anOffscreenRowOfALargeTableIsEditedInThreeCalls() throws Exception {
        List<String> questions = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(questions, "--browser-url", url("orders.html"))) {
            client.initialize();
            String first = text(awaitPage(client, Map.of(), "button \"Edit 0\""));
            assertTrue(first.contains("- [part 1 of "), () -> first.substring(first.length() - 200));
            String second = text(call(client, "observe", Map.of("part", 1)));
            java.util.regex.Matcher edit = java.util.regex.Pattern.compile(
                            "- button \"Edit 1742\" \\[(e\\d+)\\] \\[offscreen\\]")
                    .matcher(second);
            assertTrue(edit.find(), "Edit 1742 is observed as off-screen in part 2");
            JsonNode invoked = structured(call(client, "act", Map.of("action", "invoke", "tag", edit.group(1))));
            assertEquals("succeeded", invoked.at("/terminal/kind").asText(), invoked::toString);
            await().atMost(Duration.ofSeconds(30)).until(() -> records.contains("edit=1742"));
            assertEquals(List.of("edit=1742"), records);
        }
    }

    /**
     * #39 defect 4: {@code mcp --browser --upload-dir DIR}. The page's file input is observed as one
     * ({@code [file_input] [files=none]}, not {@code button "Report" [value_length=14]}); {@code act upload} gives it a
     * file of the host's folder, confirmed with the file's name (never its content) and verified by the names the
     * input then holds; the page sends it and the page server's record holds its name and bytes. A path leading out of
     * the folder is refused before anyone is asked.
     */
    @Test
    void aFileOfTheHostsUploadFolderIsUploadedAndTheServerReceivesIt() throws Exception {
        Path uploads = Files.createDirectories(state.resolve("uploads"));
        Files.writeString(uploads.resolve("report.txt"), "quarterly numbers: 42", StandardCharsets.UTF_8);
        List<String> questions = new CopyOnWriteArrayList<>();
        try (McpSyncClient client =
                client(questions, "--browser-url", url("attach.html"), "--upload-dir", uploads.toString())) {
            client.initialize();
            McpSchema.CallToolResult before = awaitPage(client, Map.of(), "button \"Send\"");
            String report = tag(structured(before), "button", "Report");
            assertTrue(
                    text(before).contains("- button \"Report\" [" + report + "] [file_input] [files=none]\n"),
                    text(before));

            int asked = questions.size();
            McpSchema.CallToolResult outside = client.callTool(new McpSchema.CallToolRequest(
                    "act", Map.of("action", "upload", "tag", report, "files", List.of("../uploads/report.txt"))));
            assertTrue(outside.isError());
            assertEquals(
                    "invalid_arguments", structured(outside).at("/error/code").asText());
            assertEquals(asked, questions.size(), "nobody was asked");

            JsonNode uploaded = structured(
                    call(client, "act", Map.of("action", "upload", "tag", report, "files", List.of("report.txt"))));
            assertEquals("succeeded", uploaded.at("/terminal/kind").asText(), uploaded::toString);
            assertTrue(uploaded.get("verified").asBoolean(), uploaded::toString);
            String question = questions.get(questions.size() - 1);
            assertTrue(question.contains("Files from the upload folder: \"report.txt\""), question);
            assertFalse(question.contains("quarterly"), "a question never shows a file's content");

            McpSchema.CallToolResult after = awaitPage(client, Map.of(), "[files=\"report.txt\"]");
            JsonNode sent = structured(
                    call(client, "act", Map.of("action", "invoke", "tag", tag(structured(after), "button", "Send"))));
            assertEquals("succeeded", sent.at("/terminal/kind").asText(), sent::toString);
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> records.contains("upload=name=report.txt:quarterly numbers: 42"));
        }
    }

    /** #39 defect 5: a {@code srcdoc} frame's button is observed and pressed; the page server records the payment. */
    @Test
    void aSrcdocFramesButtonIsPressed() throws Exception {
        List<String> questions = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(questions, "--browser-url", url("checkout.html"))) {
            client.initialize();
            JsonNode page = structured(awaitPage(client, Map.of(), "button \"Pay now\""));
            JsonNode paid =
                    structured(call(client, "act", Map.of("action", "invoke", "tag", tag(page, "button", "Pay now"))));
            assertEquals("succeeded", paid.at("/terminal/kind").asText(), paid::toString);
            await().atMost(Duration.ofSeconds(30)).until(() -> records.contains("paid=4242"));
        }
    }

    /**
     * #39 Build, {@code wait_for}: a wait for a late element. After "Load report" the page shows "Loading the report"
     * and adds "Download report" only once the page server opens its gate: a short wait for it times out (an answer
     * carrying {@code met false}, not a failure of the session), the gate opens, a long wait returns the button's
     * outline line and tag, a wait for the loading text to go returns, and the tag is invoked without observing again;
     * the page server records the download. Arguments outside the schema (an unknown field, a timeout over the bound,
     * text with a role) are refused before anything is read.
     */
    @Test
    void aWaitForALateElementReturnsItsTagToActOn() throws Exception {
        List<String> questions = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(questions, "--browser-url", url("report.html"))) {
            client.initialize();
            JsonNode page = structured(awaitPage(client, Map.of(), "button \"Load report\""));
            JsonNode load = structured(
                    call(client, "act", Map.of("action", "invoke", "tag", tag(page, "button", "Load report"))));
            assertEquals("succeeded", load.at("/terminal/kind").asText(), load::toString);
            JsonNode loading = structured(call(client, "wait_for", Map.of("text", "loading the REPORT")));
            assertTrue(loading.get("met").asBoolean(), loading::toString);
            assertEquals(
                    "- text \"Loading the report\"",
                    loading.at("/matches/0/line").asText(),
                    loading::toString);

            McpSchema.CallToolResult early = client.callTool(new McpSchema.CallToolRequest(
                    "wait_for", Map.of("role", "button", "name", "Download report", "timeout_ms", 300)));
            assertTrue(early.isError(), () -> text(early));
            assertEquals("timeout", structured(early).at("/error/code").asText());
            assertFalse(structured(early).get("met").asBoolean());
            assertEquals(0, structured(early).get("count").asInt());

            // outside the input schema: an unknown field is unsupported_field, a timeout over the bound
            // invalid_arguments (the server checks the schema itself, #35)
            assertRefused(
                    client.callTool(new McpSchema.CallToolRequest(
                            "wait_for", Map.of("text", "Download", "selector", "button"))),
                    "unsupported_field");
            assertRefused(
                    client.callTool(new McpSchema.CallToolRequest(
                            "wait_for", Map.of("text", "Download", "timeout_ms", 120_001))),
                    "invalid_arguments");
            // inside it but not a query (text with a role, nothing to look for): the tool's own refusal
            for (Map<String, Object> wrong : List.of(
                    Map.<String, Object>of("text", "Download", "role", "button"),
                    Map.<String, Object>of("gone", true))) {
                McpSchema.CallToolResult refused = client.callTool(new McpSchema.CallToolRequest("wait_for", wrong));
                assertTrue(refused.isError(), wrong::toString);
                assertEquals(
                        "invalid_arguments",
                        structured(refused).at("/error/code").asText(),
                        wrong::toString);
            }

            gateOpen.set(true);
            JsonNode appeared = structured(call(
                    client, "wait_for", Map.of("role", "button", "name", "Download report", "timeout_ms", 60_000)));
            assertTrue(appeared.get("met").asBoolean(), appeared::toString);
            assertEquals(1, appeared.get("count").asInt(), appeared::toString);
            String download = appeared.at("/matches/0/tag").asText();
            assertEquals(
                    "- button \"Download report\" [" + download + "]",
                    appeared.at("/matches/0/line").asText());
            JsonNode downloaded = structured(call(client, "act", Map.of("action", "invoke", "tag", download)));
            assertEquals("succeeded", downloaded.at("/terminal/kind").asText(), downloaded::toString);
            JsonNode gone = structured(
                    call(client, "wait_for", Map.of("text", "Loading the report", "gone", true, "timeout_ms", 60_000)));
            assertTrue(gone.get("met").asBoolean(), gone::toString);
            assertEquals("disappears", gone.get("condition").asText());

            await().atMost(Duration.ofSeconds(30)).until(() -> records.contains("download=report"));
            assertEquals(List.of("load=report", "download=report"), records);
            assertEquals(2, questions.size(), "each effect was confirmed; the waits asked nobody");
        }
    }

    /**
     * #39 Build, {@code find}: "Edit 1742" of the 2,000-row table is found and invoked in two calls, without reading
     * the table's outline: {@code find} reads the parts until the second holds the button, answers its outline line
     * and tag, and {@code act} invokes that tag. The page server records the edit.
     */
    @Test
    void findEdit1742ThenInvokeIt() throws Exception {
        List<String> questions = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(questions, "--browser-url", url("orders.html"))) {
            client.initialize();
            JsonNode found = findOnLoadedPage(client, Map.of("role", "button", "name", "edit 1742"));
            assertEquals(1, found.get("count").asInt(), found::toString);
            assertEquals(1, found.get("part").asInt(), found::toString);
            assertEquals(2, found.get("next_part").asInt(), found::toString);
            String edit = found.at("/matches/0/tag").asText();
            assertEquals(
                    "- button \"Edit 1742\" [" + edit + "] [offscreen]",
                    found.at("/matches/0/line").asText());
            JsonNode invoked = structured(call(client, "act", Map.of("action", "invoke", "tag", edit)));
            assertEquals("succeeded", invoked.at("/terminal/kind").asText(), invoked::toString);
            await().atMost(Duration.ofSeconds(30)).until(() -> records.contains("edit=1742"));
            assertEquals(List.of("edit=1742"), records);

            JsonNode none = structured(call(client, "find", Map.of("text", "no such row", "part", 5)));
            assertEquals(0, none.get("count").asInt(), none::toString);
            McpSchema.CallToolResult unknown = client.callTool(
                    new McpSchema.CallToolRequest("find", Map.of("name", "Edit 1742", "url", url("orders.html"))));
            assertTrue(unknown.isError(), "a tool argument never names the browser's page");
        }
    }

    /**
     * #39 Build, {@code press} without a target: a page-level key. {@code act press} without a tag sends Escape to the
     * page (its document), which receives it with nothing focused; the person is asked about the page by its title.
     * The page server records the key.
     */
    @Test
    void aPageLevelKeyIsPressedWithoutATag() throws Exception {
        List<String> questions = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(questions, "--browser-url", url("report.html"))) {
            client.initialize();
            awaitPage(client, Map.of(), "button \"Load report\"");
            JsonNode pressed = structured(call(client, "act", Map.of("action", "press", "key", "Escape")));
            assertEquals("succeeded", pressed.at("/terminal/kind").asText(), pressed::toString);
            assertEquals(1, questions.size());
            assertTrue(questions.get(0).contains("Element: the page \"Report\""), questions.get(0));
            await().atMost(Duration.ofSeconds(30)).until(() -> records.contains("key=Escape:BODY"));
            assertEquals(List.of("key=Escape:BODY"), records);
        }
    }

    /**
     * #39 Build, hover, double and right click: {@code act hover} shows the file's details (the page's
     * {@code mouseenter}), {@code act click} with {@code count 2} opens the file (the page's
     * {@code dblclick}), with {@code button right} its menu (the page's {@code contextmenu}), each through the page's
     * own mouse input, confirmed with the kind of click; a single left click is refused as {@code invoke}'s before
     * anyone is asked. The page server records both, as trusted events.
     */
    @Test
    void aHoverADoubleClickAndARightClickReachThePage() throws Exception {
        List<String> questions = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(questions, "--browser-url", url("files.html"))) {
            client.initialize();
            String file = tag(structured(awaitPage(client, Map.of(), "button \"Report.pdf\"")), "button", "Report.pdf");
            McpSchema.CallToolResult single =
                    client.callTool(new McpSchema.CallToolRequest("act", Map.of("action", "click", "tag", file)));
            assertTrue(single.isError());
            assertEquals(
                    "invalid_arguments", structured(single).at("/error/code").asText());
            assertEquals(0, questions.size(), "nobody was asked");

            JsonNode hovered = structured(call(client, "act", Map.of("action", "hover", "tag", file)));
            assertEquals("succeeded", hovered.at("/terminal/kind").asText(), hovered::toString);
            assertTrue(questions.get(0).contains("Action: hover"), questions.get(0));
            await().atMost(Duration.ofSeconds(30)).until(() -> records.contains("hover=report:true"));

            JsonNode opened = structured(call(client, "act", Map.of("action", "click", "tag", file, "count", 2)));
            assertEquals("succeeded", opened.at("/terminal/kind").asText(), opened::toString);
            assertTrue(questions.get(1).contains("Action: click (left button, 2 presses)"), questions.get(1));
            await().atMost(Duration.ofSeconds(30)).until(() -> records.contains("open=report:true"));

            JsonNode menu = structured(call(client, "act", Map.of("action", "click", "tag", file, "button", "right")));
            assertEquals("succeeded", menu.at("/terminal/kind").asText(), menu::toString);
            assertTrue(questions.get(2).contains("Action: click (right button, 1 press)"), questions.get(2));
            await().atMost(Duration.ofSeconds(30)).until(() -> records.contains("menu=report:true"));
            assertEquals(List.of("hover=report:true", "open=report:true", "menu=report:true"), records);
        }
    }

    /**
     * #39 Build, {@code tabs}: the shop opens its terms in a new tab; the next observe names it, {@code tabs list}
     * shows both (the shop current), {@code tabs select} follows the terms tab (signed, confirmed with its title), the
     * agent invokes its button there (the page server records it), and {@code tabs close} closes it: the session
     * follows the shop again, which the question named. An act on a tag of the other tab is refused before anyone is
     * asked; closing the only tab is refused; arguments outside the schema are refused by the SDK's validation.
     */
    @Test
    void aTabThePageOpensIsSelectedActedOnAndClosed() throws Exception {
        List<String> questions = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(questions, "--browser-url", url("shop.html"))) {
            client.initialize();
            JsonNode shop = structured(awaitPage(client, Map.of(), "button \"Read the terms\""));
            JsonNode opened = structured(
                    call(client, "act", Map.of("action", "invoke", "tag", tag(shop, "button", "Read the terms"))));
            assertEquals("succeeded", opened.at("/terminal/kind").asText(), opened::toString);
            AtomicReference<McpSchema.CallToolResult> noted = new AtomicReference<>();
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                noted.set(call(client, "observe", Map.of()));
                return structured(noted.get()).has("opened_tabs");
            });
            JsonNode note = structured(noted.get()).at("/opened_tabs/0");
            String terms = note.get("tab").asText();
            assertEquals("t2", terms, note::toString);
            assertEquals("Terms", note.get("title").asText(), note::toString);
            assertTrue(
                    text(noted.get()).contains("- tab \"Terms\" [t2] " + url("terms.html")), () -> text(noted.get()));
            assertTrue(text(noted.get()).contains("button \"Read the terms\""), "the session still follows the shop");

            McpSchema.CallToolResult listed = call(client, "tabs", Map.of());
            assertEquals("t1", structured(listed).get("current").asText(), () -> text(listed));
            assertEquals(
                    "- tab \"Shop\" [t1] " + url("shop.html") + " [current]\n- tab \"Terms\" [t2] " + url("terms.html")
                            + "\n",
                    text(listed));

            int asked = questions.size();
            JsonNode selected = structured(call(client, "tabs", Map.of("action", "select", "tab", terms)));
            assertEquals("succeeded", selected.at("/terminal/kind").asText(), selected::toString);
            assertEquals(terms, selected.get("current").asText(), selected::toString);
            assertEquals(asked + 1, questions.size(), "the selection was confirmed");
            assertTrue(questions.get(asked).contains("Tab: t2 \"Terms\""), questions.get(asked));
            McpSchema.CallToolResult stale = client.callTool(new McpSchema.CallToolRequest(
                    "act", Map.of("action", "invoke", "tag", tag(shop, "button", "Read the terms"))));
            assertEquals("no_observation", structured(stale).at("/error/code").asText(), () -> text(stale));
            assertEquals(asked + 1, questions.size(), "nobody was asked about the other tab's tag");

            JsonNode termsPage = structured(awaitPage(client, Map.of(), "button \"Accept the terms\""));
            JsonNode accepted = structured(call(
                    client, "act", Map.of("action", "invoke", "tag", tag(termsPage, "button", "Accept the terms"))));
            assertEquals("succeeded", accepted.at("/terminal/kind").asText(), accepted::toString);
            await().atMost(Duration.ofSeconds(30)).until(() -> records.contains("accepted=terms"));

            JsonNode closed = structured(call(client, "tabs", Map.of("action", "close", "tab", terms)));
            assertEquals("succeeded", closed.at("/terminal/kind").asText(), closed::toString);
            assertEquals("t1", closed.get("current").asText(), closed::toString);
            String question = questions.get(questions.size() - 1);
            assertTrue(question.contains("close this tab"), question);
            assertTrue(question.contains("Afterwards the session follows tab t1 \"Shop\""), question);
            assertEquals(
                    "- tab \"Shop\" [t1] " + url("shop.html") + " [current]\n",
                    text(call(client, "tabs", Map.of("action", "list"))));
            awaitPage(client, Map.of(), "button \"Read the terms\"");

            asked = questions.size();
            McpSchema.CallToolResult last =
                    client.callTool(new McpSchema.CallToolRequest("tabs", Map.of("action", "close", "tab", "t1")));
            assertEquals("last_tab", structured(last).at("/error/code").asText(), () -> text(last));
            McpSchema.CallToolResult unknown =
                    client.callTool(new McpSchema.CallToolRequest("tabs", Map.of("action", "select", "tab", terms)));
            assertEquals("unknown_tab", structured(unknown).at("/error/code").asText(), () -> text(unknown));
            assertRefused(
                    client.callTool(new McpSchema.CallToolRequest("tabs", Map.of("action", "open"))),
                    "invalid_arguments");
            assertRefused(
                    client.callTool(new McpSchema.CallToolRequest(
                            "tabs", Map.of("action", "select", "tab", "t1", "url", url("terms.html")))),
                    "unsupported_field");
            assertEquals(asked, questions.size(), "nobody was asked");
            assertEquals(List.of("accepted=terms"), records);
        }
    }

    /**
     * #39 Build, {@code screenshot}: the page's viewport as MCP image content, a PNG of the page's own size (as the
     * page reported it to its server) with its red mark at the known place on its blue ground; with
     * {@code --screenshot-dir} the same bytes are kept there, owner-only, under the name the answer gives. Nobody is
     * asked (read-only), no file of the server's state holds the image, and an argument is refused by the schema.
     */
    @Test
    void aScreenshotIsThePagesPngAndIsKeptInTheHostsFolder(@TempDir Path shots) throws Exception {
        List<String> questions = new CopyOnWriteArrayList<>();
        try (McpSyncClient client =
                client(questions, "--browser-url", url("paint.html"), "--screenshot-dir", shots.toString())) {
            client.initialize();
            awaitPage(client, Map.of(), "heading \"Paint\"");
            await().atMost(Duration.ofSeconds(30)).until(() -> records.stream().anyMatch(r -> r.startsWith("size=")));

            // the viewport may still shrink once after load (an infobar): the PNG must measure the page's size as the
            // page last reported it, so a shot taken before the page's report of a resize arrived is taken again
            AtomicReference<McpSchema.CallToolResult> taken = new AtomicReference<>();
            AtomicReference<java.awt.image.BufferedImage> pixels = new AtomicReference<>();
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                String reported = lastSize();
                taken.set(call(client, "screenshot", Map.of()));
                McpSchema.ImageContent content =
                        (McpSchema.ImageContent) taken.get().content().get(1);
                pixels.set(javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(
                        java.util.Base64.getDecoder().decode(content.data()))));
                assertEquals(
                        reported, pixels.get().getWidth() + "x" + pixels.get().getHeight());
                assertEquals(reported, lastSize(), "the page did not resize while it was shot");
            });
            McpSchema.CallToolResult shot = taken.get();
            McpSchema.ImageContent image =
                    (McpSchema.ImageContent) shot.content().get(1);
            assertEquals("image/png", image.mimeType());
            byte[] png = java.util.Base64.getDecoder().decode(image.data());
            java.awt.image.BufferedImage decoded = pixels.get();
            assertEquals(0xFF0000, decoded.getRGB(70, 55) & 0xFFFFFF, "the mark at (20,30)-(120,80)");
            assertEquals(0x0000FF, decoded.getRGB(200, 200) & 0xFFFFFF, "the page's ground");
            JsonNode answer = structured(shot);
            assertEquals(decoded.getWidth(), answer.get("width").asInt(), answer::toString);
            assertEquals(png.length, answer.get("byte_length").asInt(), answer::toString);

            String file = answer.get("file").asText();
            assertTrue(file.matches("page-[0-9TZ]+-[0-9]+\\.png"), file);
            assertTrue(java.util.Arrays.equals(png, Files.readAllBytes(shots.resolve(file))));
            assertEquals(
                    "rw-------",
                    java.nio.file.attribute.PosixFilePermissions.toString(
                            Files.getPosixFilePermissions(shots.resolve(file))));
            assertEquals(0, questions.size(), "a screenshot asks nobody");

            McpSchema.CallToolResult named = client.callTool(new McpSchema.CallToolRequest(
                    "screenshot", Map.of("path", shots.resolve("x.png").toString())));
            assertRefused(named, "unsupported_field");
            assertFalse(Files.exists(shots.resolve("x.png")));

            String head = image.data().substring(0, 64);
            try (java.util.stream.Stream<Path> files = Files.walk(state)) {
                for (Path kept : files.filter(Files::isRegularFile).toList()) {
                    assertFalse(
                            Files.readString(kept, StandardCharsets.ISO_8859_1).contains(head), kept::toString);
                }
            }
        }
    }

    /**
     * #39 Build, {@code fill_form}: a login form's user and password filled in one call (the password typed),
     * after one question naming the fields and their lengths, never a value; each field is its own signed act, all
     * succeeded; the page server records the values the form submitted. A batch whose second field cannot take a value
     * stops there: the first succeeded, the second's terminal is not success, the third was not attempted, the call
     * is an error. A field outside the schema is refused by the SDK's validation, and no file of the server's state
     * holds a value.
     */
    @Test
    void aLoginFormIsFilledInOneCallAndSubmitted() throws Exception {
        List<String> questions = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(questions, "--browser-url", url("account.html"))) {
            client.initialize();
            JsonNode form = structured(awaitPage(client, Map.of(), "button \"Sign in\""));
            String user = tag(form, "textbox", "User");
            String role = tag(form, "combobox", "Role");
            String submit = tag(form, "button", "Sign in");

            McpSchema.CallToolResult stopped = client.callTool(new McpSchema.CallToolRequest(
                    "fill_form",
                    Map.of(
                            "fields",
                            List.of(
                                    Map.of("tag", user, "value", "grace"),
                                    Map.of("tag", submit, "value", "x"),
                                    Map.of("tag", role, "value", "Admin")))));
            assertTrue(stopped.isError(), () -> text(stopped));
            JsonNode partial = structured(stopped);
            assertEquals("succeeded", partial.at("/fields/0/terminal").asText(), partial::toString);
            assertFalse("succeeded".equals(partial.at("/fields/1/terminal").asText()), partial::toString);
            assertEquals(2, partial.get("fields").size(), partial::toString);
            assertEquals(List.of(role), List.of(partial.at("/not_attempted/0").asText()), partial::toString);
            assertEquals(1, partial.get("not_attempted").size(), partial::toString);
            assertEquals(1, questions.size(), "one question for the batch");

            form = structured(awaitPage(client, Map.of(), "button \"Sign in\""));
            JsonNode filled = structured(call(
                    client,
                    "fill_form",
                    Map.of(
                            "operation_id",
                            "login-form",
                            "fields",
                            List.of(
                                    Map.of("tag", tag(form, "textbox", "User"), "value", "ada"),
                                    Map.of(
                                            "tag",
                                            tag(form, "textbox", "Password"),
                                            "value",
                                            "correct horse",
                                            "action",
                                            "type_text")))));
            assertEquals(2, filled.get("fields").size(), filled::toString);
            for (JsonNode field : filled.get("fields")) {
                assertEquals("succeeded", field.get("terminal").asText(), filled::toString);
            }
            assertEquals("login-form-2", filled.at("/fields/1/operation_id").asText(), filled::toString);
            assertEquals(0, filled.get("not_attempted").size(), filled::toString);
            assertEquals(2, questions.size(), "one question for the batch");
            String question = questions.get(1);
            assertTrue(question.contains("set value: textbox \"User\" (3 characters)"), question);
            assertTrue(question.contains("type text: textbox \"Password\" (13 characters)"), question);
            assertFalse(question.contains("correct horse") || question.contains("ada"), question);

            JsonNode sent =
                    structured(call(client, "act", Map.of("action", "invoke", "tag", tag(form, "button", "Sign in"))));
            assertEquals("succeeded", sent.at("/terminal/kind").asText(), sent::toString);
            await().atMost(Duration.ofSeconds(30)).until(() -> records.contains("login=ada:correct%20horse:Viewer"));
            assertEquals(List.of("login=ada:correct%20horse:Viewer"), records);

            McpSchema.CallToolResult outside = client.callTool(new McpSchema.CallToolRequest(
                    "fill_form", Map.of("fields", List.of(Map.of("tag", user, "value", "x", "selector", "#user")))));
            assertRefused(outside, "invalid_arguments");
            assertEquals(3, questions.size(), "nobody was asked");

            try (java.util.stream.Stream<Path> files = Files.walk(state)) {
                for (Path kept : files.filter(Files::isRegularFile).toList()) {
                    assertFalse(
                            Files.readString(kept, StandardCharsets.ISO_8859_1).contains("correct horse"),
                            kept::toString);
                }
            }
        }
    }

    /** #39 Build, {@code navigate_back}: a page with no previous history entry is {@code no_history}, nobody asked. */
    @Test
    void navigateBackWithoutHistoryIsRefusedBeforeAnyoneIsAsked() throws Exception {
        List<String> questions = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(questions, "--browser-url", url("files.html"))) {
            client.initialize();
            awaitPage(client, Map.of(), "button \"Report.pdf\"");
            McpSchema.CallToolResult back = client.callTool(new McpSchema.CallToolRequest("navigate_back", Map.of()));
            assertTrue(back.isError(), () -> text(back));
            assertEquals("no_history", structured(back).at("/error/code").asText(), () -> text(back));
            assertEquals(0, questions.size());
        }
    }

    /** Finds until the page has loaded what it looks for (a 2,000-row table builds itself after the first reading). */
    private static JsonNode findOnLoadedPage(McpSyncClient client, Map<String, Object> arguments) {
        AtomicReference<JsonNode> seen = new AtomicReference<>();
        await().atMost(Duration.ofMinutes(4)).until(() -> {
            McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest("find", arguments));
            seen.set(structured(result));
            return !Boolean.TRUE.equals(result.isError())
                    && seen.get().get("count").asInt() > 0;
        });
        return seen.get();
    }

    private McpSyncClient client(List<String> questions, String... browser) {
        List<String> arguments = new java.util.ArrayList<>(List.of(
                "-jar", JarProcess.jar("praefectus.jar").toString(), "mcp", "--browser", "--profile", "operator"));
        arguments.addAll(List.of(browser));
        ServerParameters server = ServerParameters.builder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString())
                .args(arguments)
                .env(Map.of("XDG_STATE_HOME", state.toString()))
                .build();
        return McpClient.sync(new StdioClientTransport(server, new JacksonMcpJsonMapper(JSON)))
                .requestTimeout(Duration.ofMinutes(2))
                .initializationTimeout(Duration.ofMinutes(2))
                .capabilities(
                        McpSchema.ClientCapabilities.builder().elicitation().build())
                .elicitation(request -> {
                    questions.add(request.message());
                    return new McpSchema.ElicitResult(McpSchema.ElicitResult.Action.ACCEPT, Map.of("confirm", true));
                })
                .build();
    }

    /** Observes (with {@code arguments}) until the outline shows {@code line}: the page may still be loading. */
    private static McpSchema.CallToolResult awaitPage(
            McpSyncClient client, Map<String, Object> arguments, String line) {
        AtomicReference<McpSchema.CallToolResult> seen = new AtomicReference<>();
        try {
            // a 2,000-row table takes Chromium long to read on a loaded machine: a bound, not a speed requirement
            await().atMost(Duration.ofMinutes(4)).until(() -> {
                McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest("observe", arguments));
                seen.set(result);
                return !Boolean.TRUE.equals(result.isError()) && text(result).contains(line);
            });
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError("the page never showed " + line + ": " + text(seen.get()), e);
        }
        return seen.get();
    }

    private static McpSchema.CallToolResult call(McpSyncClient client, String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        assertFalse(Boolean.TRUE.equals(result.isError()), () -> tool + ": " + text(result));
        return result;
    }

    /** The size the page last reported to its server ({@code WIDTHxHEIGHT}). */
    private String lastSize() {
        List<String> sizes = records.stream().filter(r -> r.startsWith("size=")).toList();
        return sizes.get(sizes.size() - 1).substring("size=".length());
    }

    private static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().get(0)).text();
    }

    /** Refused before the tool ran, with the code every surface gives the mistake (#35), naming nothing it was sent. */
    private static void assertRefused(McpSchema.CallToolResult result, String code) {
        assertTrue(result.isError(), () -> text(result));
        assertEquals(code, structured(result).at("/error/code").asText(), () -> text(result));
    }

    private static JsonNode structured(McpSchema.CallToolResult result) {
        return JSON.valueToTree(result.structuredContent());
    }

    private static String tag(JsonNode observation, String role, String name) {
        for (JsonNode element : observation.get("elements")) {
            if (role.equals(element.get("role").asText())
                    && name.equals(element.path("name").asText())) {
                return element.get("tag").asText();
            }
        }
        throw new AssertionError("no " + role + " \"" + name + "\" in " + observation);
    }
}
