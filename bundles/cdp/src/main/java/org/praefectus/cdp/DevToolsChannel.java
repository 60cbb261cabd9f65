package org.praefectus.cdp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One WebSocket session to one page target through the JDK's {@code java.net.http}. The JDK client sends no
 * {@code Origin} header, which Chromium would answer with 403. Commands carry increasing IDs and may be pipelined:
 * the browser handles one session's commands in order. Events are read and dropped (no domain is enabled).
 * Every message is bounded; a late, foreign or malformed reply fails the command as sent.
 */
final class DevToolsChannel implements AutoCloseable {

    /**
     * Largest DevTools message accepted: the accessibility tree of a 2,000-row table is 13 M characters, and a page
     * with one 20 MB text node sends it twice (snapshot and accessibility tree), each in its own message.
     */
    static final int MAX_MESSAGE_CHARS = 48 * 1024 * 1024;
    /** Largest command sent (set_value carries at most 64 KiB of text). */
    static final int MAX_COMMAND_CHARS = 256 * 1024;
    /** Longest wait to connect to the browser or hand it one message (a reply waits for the caller's deadline). */
    static final Duration MAX_IO = Duration.ofSeconds(5);

    private static final int MAX_DISCOVERY_BYTES = 1024 * 1024;

    /** A mapper that reads strings up to {@link #MAX_MESSAGE_CHARS} (Jackson's default stops at 20 M). */
    static ObjectMapper newMapper() {
        return new ObjectMapper(com.fasterxml.jackson.core.JsonFactory.builder()
                .streamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder()
                        .maxStringLength(MAX_MESSAGE_CHARS)
                        .build())
                .build());
    }

    /**
     * The WebSocket's client and the threads it runs on: ours, so {@link #close} can stop them (JDK 17's
     * {@code HttpClient} has no shutdown). Made apart from a channel so that a browser just started can have it made
     * while it starts: the JDK's client costs about a quarter of a second of class loading.
     */
    record Client(HttpClient http, ExecutorService workers) {

        static Client create() {
            ExecutorService workers = Executors.newCachedThreadPool(runnable -> {
                Thread thread = new Thread(runnable, "praefectus-cdp");
                thread.setDaemon(true);
                return thread;
            });
            HttpClient http = HttpClient.newBuilder()
                    .connectTimeout(MAX_IO)
                    .executor(workers)
                    .followRedirects(HttpClient.Redirect.NEVER)
                    .proxy(java.net.ProxySelector.of(null))
                    .build();
            return new Client(http, workers);
        }

        void close() {
            workers.shutdownNow();
        }
    }

    private final ObjectMapper mapper;
    // the client is held so it stays strongly reachable for as long as its WebSocket is open
    private final Client client;
    private final WebSocket socket;
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final Object sendLock = new Object();
    private volatile boolean closed;

    private DevToolsChannel(ObjectMapper mapper, Client client, URI uri) throws ChannelException {
        this.mapper = mapper;
        this.client = client;
        WebSocket.Builder builder = client.http().newWebSocketBuilder();
        try {
            this.socket = builder.connectTimeout(MAX_IO)
                    .buildAsync(uri, new Listener())
                    .get(MAX_IO.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new ChannelException(false, "DevTools WebSocket is unavailable");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ChannelException(false, "DevTools WebSocket is unavailable");
        }
    }

    /**
     * Finds the page's WebSocket URL through {@code /json/list} on the loopback endpoint, checks that it is exactly
     * {@code ws://127.0.0.1:PORT/devtools/page/TARGET} and opens it.
     */
    static DevToolsChannel open(ObjectMapper mapper, int port, String targetId) throws ChannelException {
        return open(mapper, Client.create(), port, targetId);
    }

    /** As {@link #open(ObjectMapper, int, String)}, through {@code client}, which the channel owns from now on. */
    static DevToolsChannel open(ObjectMapper mapper, Client client, int port, String targetId) throws ChannelException {
        try {
            return connect(mapper, client, port, targetId);
        } catch (ChannelException e) {
            client.close();
            throw e;
        }
    }

    private static DevToolsChannel connect(ObjectMapper mapper, Client client, int port, String targetId)
            throws ChannelException {
        String expected = "ws://" + CdpConfig.LOOPBACK + ":" + port + "/devtools/page/" + targetId;
        JsonNode targets = list(mapper, port);
        JsonNode match = null;
        for (JsonNode target : targets) {
            if (targetId.equals(target.path("id").asText(null))) {
                if (match != null) {
                    throw new ChannelException(false, "DevTools target is ambiguous");
                }
                match = target;
            }
        }
        if (match == null) {
            throw new ChannelException(false, "DevTools target was not found");
        }
        String type = match.path("type").asText("");
        if ((!type.equals("page") && !type.equals("webview"))
                || !expected.equals(match.path("webSocketDebuggerUrl").asText(null))) {
            throw new ChannelException(false, "DevTools target is not a loopback page");
        }
        return new DevToolsChannel(mapper, client, URI.create(expected));
    }

    /** The browser's page targets on the loopback endpoint ({@code /json/list}, type {@code page}), as it lists them. */
    static java.util.List<BrowserPage> pages(ObjectMapper mapper, int port) throws ChannelException {
        java.util.List<BrowserPage> pages = new java.util.ArrayList<>();
        for (JsonNode target : list(mapper, port)) {
            if ("page".equals(target.path("type").asText()) && target.path("id").isTextual()) {
                pages.add(new BrowserPage(
                        target.path("id").asText(),
                        target.path("title").asText(""),
                        target.path("url").asText("")));
            }
        }
        return pages;
    }

    /**
     * The endpoint's {@code /json/list}. Through {@link java.net.HttpURLConnection}, not the WebSocket's client: the
     * JDK's {@code HttpClient} costs about half a second of class loading before its first request, which a browser
     * just started would otherwise wait for twice (its page, then its WebSocket).
     */
    private static JsonNode list(ObjectMapper mapper, int port) throws ChannelException {
        java.net.HttpURLConnection connection = null;
        try {
            connection =
                    (java.net.HttpURLConnection) URI.create("http://" + CdpConfig.LOOPBACK + ":" + port + "/json/list")
                            .toURL()
                            .openConnection(java.net.Proxy.NO_PROXY);
            connection.setInstanceFollowRedirects(false);
            connection.setUseCaches(false);
            connection.setConnectTimeout((int) MAX_IO.toMillis());
            connection.setReadTimeout((int) MAX_IO.toMillis());
            connection.setRequestProperty("Accept", "application/json");
            if (connection.getResponseCode() != 200) {
                throw new ChannelException(false, "DevTools discovery failed");
            }
            byte[] body;
            try (java.io.InputStream in = connection.getInputStream()) {
                body = in.readNBytes(MAX_DISCOVERY_BYTES + 1);
            }
            if (body.length > MAX_DISCOVERY_BYTES) {
                throw new ChannelException(false, "DevTools discovery failed");
            }
            JsonNode targets = mapper.readTree(body);
            if (targets == null || !targets.isArray()) {
                throw new ChannelException(false, "DevTools discovery failed");
            }
            return targets;
        } catch (IOException | RuntimeException e) {
            throw new ChannelException(false, "DevTools discovery failed");
        } finally {
            if (connection != null) {
                connection.disconnect();
            }
        }
    }

    /**
     * Sends one command without waiting for its reply.
     *
     * @throws ChannelException not sent: the channel is closed or the command is too large
     */
    CompletableFuture<JsonNode> send(String method, JsonNode params) throws ChannelException {
        if (closed) {
            throw new ChannelException(false, "DevTools channel is closed");
        }
        long id = ids.incrementAndGet();
        ObjectNode command = mapper.createObjectNode();
        command.put("id", id);
        command.put("method", method);
        command.set("params", params == null ? mapper.createObjectNode() : params);
        String text;
        try {
            text = mapper.writeValueAsString(command);
        } catch (IOException e) {
            throw new ChannelException(false, "DevTools command cannot be encoded");
        }
        if (text.length() > MAX_COMMAND_CHARS) {
            throw new ChannelException(false, "DevTools command is too large");
        }
        CompletableFuture<JsonNode> reply = new CompletableFuture<>();
        pending.put(id, reply);
        synchronized (sendLock) {
            try {
                // the JDK WebSocket allows one outstanding send: wait for each before the next
                socket.sendText(text, true).get(MAX_IO.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException | RuntimeException e) {
                pending.remove(id);
                throw new ChannelException(true, "DevTools command may have been sent");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                pending.remove(id);
                throw new ChannelException(true, "DevTools command may have been sent");
            }
        }
        return reply;
    }

    /**
     * Waits for a reply sent with {@link #send}, at most until the caller's deadline: a page whose main thread is busy
     * (a large table under load, a long script) answers late but answers, so no shorter bound of this channel's own
     * may fail a reply the caller still has time for.
     */
    static JsonNode await(CompletableFuture<JsonNode> reply, long deadlineAtMs) throws ChannelException {
        long remaining = deadlineAtMs - System.currentTimeMillis();
        if (remaining <= 0) {
            throw new ChannelException(true, "DevTools reply missed the deadline");
        }
        try {
            return reply.get(remaining, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new ChannelException(true, "DevTools command failed");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ChannelException(true, "DevTools command was interrupted");
        }
    }

    /** Sends one command and waits for its result. */
    JsonNode command(String method, JsonNode params, long deadlineAtMs) throws ChannelException {
        if (System.currentTimeMillis() >= deadlineAtMs) {
            throw new ChannelException(false, "DevTools command missed the deadline");
        }
        return await(send(method, params), deadlineAtMs);
    }

    ObjectNode params() {
        return mapper.createObjectNode();
    }

    ObjectMapper mapper() {
        return mapper;
    }

    boolean isOpen() {
        return !closed && !socket.isInputClosed() && !socket.isOutputClosed();
    }

    @Override
    public void close() {
        closed = true;
        failPending();
        socket.abort();
        client.close();
    }

    /** The one listener of the page's events (the executor follows its dialogs); the default ignores them. */
    private volatile java.util.function.Consumer<JsonNode> events = event -> {};

    void onEvent(java.util.function.Consumer<JsonNode> listener) {
        events = listener;
    }

    private void failPending() {
        List<CompletableFuture<JsonNode>> waiting = new ArrayList<>(pending.values());
        pending.clear();
        waiting.forEach(reply -> reply.completeExceptionally(new ChannelException(true, "DevTools channel closed")));
    }

    private void accept(String text) {
        JsonNode message;
        try {
            message = mapper.readTree(text);
        } catch (IOException e) {
            failPending();
            return;
        }
        JsonNode id = message.get("id");
        if (id == null) {
            events.accept(message);
            return;
        }
        CompletableFuture<JsonNode> reply = pending.remove(id.asLong());
        if (reply == null) {
            return;
        }
        JsonNode result = message.get("result");
        if (message.has("error") || result == null || !result.isObject()) {
            reply.completeExceptionally(new ChannelException(true, "DevTools command failed"));
        } else {
            reply.complete(result);
        }
    }

    private final class Listener implements WebSocket.Listener {
        private final StringBuilder buffer = new StringBuilder();
        private boolean oversized;

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            if (!oversized && buffer.length() + data.length() <= MAX_MESSAGE_CHARS) {
                buffer.append(data);
            } else {
                oversized = true;
                buffer.setLength(0);
            }
            if (last) {
                if (oversized) {
                    // the reply to some pending command is lost: none of them can be trusted
                    failPending();
                } else {
                    accept(buffer.toString());
                }
                buffer.setLength(0);
                oversized = false;
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket webSocket, java.nio.ByteBuffer data, boolean last) {
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closed = true;
            failPending();
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            closed = true;
            failPending();
        }
    }
}
