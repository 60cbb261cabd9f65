package org.praefectus.linux.atspi;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.freedesktop.dbus.DBusAsyncReply;
import org.freedesktop.dbus.Struct;
import org.freedesktop.dbus.connections.AbstractConnection;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.connections.impl.DirectConnection;
import org.freedesktop.dbus.exceptions.DBusException;
import org.freedesktop.dbus.interfaces.DBus;
import org.freedesktop.dbus.interfaces.DBusInterface;
import org.freedesktop.dbus.matchrules.DBusMatchRuleBuilder;
import org.freedesktop.dbus.messages.DBusSignal;
import org.freedesktop.dbus.messages.Message;
import org.freedesktop.dbus.messages.MethodCall;
import org.freedesktop.dbus.messages.MethodReturn;
import org.freedesktop.dbus.messages.constants.MessageTypes;
import org.freedesktop.dbus.types.UInt32;
import org.freedesktop.dbus.types.Variant;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.linux.A11yBus;

/**
 * One private connection to the AT-SPI2 accessibility bus. Every call is asynchronous underneath, so many
 * requests can be in flight at once ({@link PendingCall}): a tree is read in a few pipelined waves instead of
 * one round trip per node. Counts the D-Bus calls it makes, for the benchmark.
 *
 * <p>On connect it registers one event listener with the registry: GTK's bridge serves its
 * {@code Cache} interface only while at least one client is registered. An application observed again and
 * again is reached over its own socket when it offers one ({@link #preferPeer}).
 */
public final class AtspiBus implements AutoCloseable {

    /** The per-call ceiling; the caller's own deadline is usually shorter. */
    private static final long CALL_TIMEOUT_MS = 5_000;
    /** A listener on a low-traffic event: registering anything makes toolkits serve their cache. */
    private static final String CLIENT_EVENT = "window:activate";

    private final DBusConnection connection;
    private final PeerConnections peers = new PeerConnections();
    /** Connects to applications' own sockets, one at a time, off the callers' threads. */
    private final ExecutorService connector = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "praefectus-atspi-peers");
        thread.setDaemon(true);
        return thread;
    });

    private final RemoteObjects remotes = new RemoteObjects();
    private final AtomicLong calls = new AtomicLong();
    /** The change listeners; guards {@link #changeHandlers} too. */
    private final List<Consumer<Change>> changeListeners = new CopyOnWriteArrayList<>();
    /** The one subscription's match-rule handlers while any listener stays, else null. */
    private List<AutoCloseable> changeHandlers;
    /** The subscription's repeated bounds changes, which reach no listener. */
    private final RepeatedBounds repeatedBounds = new RepeatedBounds();

    private final AtomicLong changeSubscriptions = new AtomicLong();

    private AtspiBus(DBusConnection connection) {
        this.connection = connection;
    }

    /**
     * Connects to the accessibility bus whose address the session bus hands out (never the X root-window
     * property, which any X client can write).
     *
     * @throws ExecutorException {@code unavailable} when there is no session bus or no accessibility bus
     */
    public static AtspiBus connect(String sessionBusAddress) throws ExecutorException {
        if (sessionBusAddress == null || sessionBusAddress.isBlank()) {
            throw unavailable();
        }
        String address;
        try (DBusConnection session = DBusConnectionBuilder.forAddress(sessionBusAddress)
                .withShared(false)
                .build()) {
            address = session.getRemoteObject(A11yBus.BUS_NAME, A11yBus.OBJECT_PATH, A11yBus.class)
                    .GetAddress();
        } catch (Exception | LinkageError e) {
            throw unavailable();
        }
        if (address == null || address.isBlank()) {
            throw unavailable();
        }
        DBusConnection connection = null;
        try {
            connection =
                    DBusConnectionBuilder.forAddress(address).withShared(false).build();
            AtspiBus bus = new AtspiBus(connection);
            connection
                    .getRemoteObject(
                            AtspiInterfaces.Registry.BUS_NAME,
                            AtspiInterfaces.Registry.PATH,
                            AtspiInterfaces.Registry.class)
                    .RegisterEvent(CLIENT_EVENT, List.of(), "");
            return bus;
        } catch (Exception | LinkageError e) {
            if (connection != null) {
                connection.disconnect();
            }
            throw unavailable();
        }
    }

    /** The event classes that change what an element lookup sees: focus, windows, and any object change. */
    static final List<String> CHANGE_EVENTS = List.of("focus:", "window:", "object:");
    /** Their signal interfaces on the bus. */
    static final List<String> CHANGE_INTERFACES =
            List.of("org.a11y.atspi.Event.Focus", "org.a11y.atspi.Event.Window", "org.a11y.atspi.Event.Object");

    /**
     * One AT-SPI event, as far as a cache needs it: its member ({@code BoundsChanged}, {@code StateChanged}, …),
     * the object it is about ({@link AtspiObject#id()} form, {@code bus:path}) and, for a bounds change, the new
     * rectangle as text (else null; never anything an application could put text in).
     */
    public record Change(String member, String objectId, String detail) {}

    /**
     * Calls {@code listener} (on dbus-java's signal thread) for every AT-SPI focus, window and object event any
     * application sends, until the returned handle is closed, except bounds changes that repeat an object's last
     * rectangle ({@link RepeatedBounds}: checked once here for every listener). All listeners of this connection
     * share one subscription: its match rules are added for the first and removed after the last, so each event
     * crosses the bus once however many caches listen. The events are registered with the registry (for as long as this
     * connection lives), so toolkits send them; nothing of the event (names, text) is read.
     *
     * @throws ExecutorException {@code unavailable} when the bus refuses the subscription
     */
    public AutoCloseable onChange(Consumer<Change> listener) throws ExecutorException {
        @SuppressWarnings("UnnecessaryMethodReference") // its own identity: the same listener may be added twice
        Consumer<Change> token = listener::accept;
        synchronized (changeListeners) {
            if (changeHandlers == null) {
                repeatedBounds.clear(); // events between two subscriptions went unheard
                changeHandlers = subscribeChanges();
                changeSubscriptions.incrementAndGet();
            }
            changeListeners.add(token);
        }
        AtomicBoolean closed = new AtomicBoolean();
        return () -> {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            synchronized (changeListeners) {
                changeListeners.remove(token);
                if (changeListeners.isEmpty() && changeHandlers != null) {
                    closeAll(changeHandlers);
                    changeHandlers = null;
                }
            }
        };
    }

    /** How many times this connection subscribed to change events (once while any listener stays). */
    public long changeSubscriptions() {
        return changeSubscriptions.get();
    }

    private List<AutoCloseable> subscribeChanges() throws ExecutorException {
        List<AutoCloseable> handlers = new ArrayList<>();
        try {
            AtspiInterfaces.Registry registry = connection.getRemoteObject(
                    AtspiInterfaces.Registry.BUS_NAME, AtspiInterfaces.Registry.PATH, AtspiInterfaces.Registry.class);
            for (String iface : CHANGE_INTERFACES) {
                handlers.add(connection.addGenericSigHandler(
                        DBusMatchRuleBuilder.create()
                                .withType(MessageTypes.SIGNAL)
                                .withInterface(iface)
                                .build(),
                        signal -> {
                            Change change = new Change(
                                    signal.getName(), signal.getSource() + ":" + signal.getPath(), rectangle(signal));
                            if (repeatedBounds.repeats(change)) {
                                return;
                            }
                            for (Consumer<Change> each : changeListeners) {
                                each.accept(change);
                            }
                        }));
            }
            for (String event : CHANGE_EVENTS) {
                registry.RegisterEvent(event, List.of(), "");
            }
        } catch (DBusException | RuntimeException e) {
            closeAll(handlers);
            throw unavailable();
        }
        // the events stay registered until the connection closes
        return handlers;
    }

    /** A BoundsChanged event's {@code any_data} (a struct of four integers) as text, else null. */
    private static String rectangle(DBusSignal signal) {
        if (!"BoundsChanged".equals(signal.getName())) {
            return null;
        }
        try {
            Object[] parameters = signal.getParameters();
            if (parameters.length > 3 && parameters[3] instanceof Variant<?> variant) {
                Object value = variant.getValue();
                if (value instanceof Object[] fields) {
                    return Arrays.deepToString(fields);
                }
                if (value instanceof Struct struct) {
                    return Arrays.deepToString(struct.getParameters());
                }
            }
        } catch (DBusException | RuntimeException unreadable) {
            // treated as a change
        }
        return null;
    }

    private static void closeAll(List<AutoCloseable> handlers) {
        for (AutoCloseable handler : handlers) {
            try {
                handler.close();
            } catch (Exception ignored) {
                // removing a match rule from a closed connection: nothing is left to remove
            }
        }
    }

    /** How many D-Bus calls this connection has made. */
    public long callCount() {
        return calls.get();
    }

    /** The unique name of this connection on the accessibility bus. */
    public String uniqueName() {
        return connection.getUniqueName();
    }

    /** The accessible applications under the registry's desktop root. */
    public PendingCall<List<ObjectRef>> applications() {
        return children(new AtspiObject(AtspiInterfaces.Registry.BUS_NAME, AtspiInterfaces.Registry.ROOT_PATH));
    }

    public PendingCall<List<ObjectRef>> children(AtspiObject object) {
        return call(object, AtspiInterfaces.Accessible.class, "GetChildren");
    }

    /** Its index among its parent's children, asked of the toolkit (a cache lists children in no fixed order). */
    public PendingCall<Integer> indexInParent(AtspiObject object) {
        return call(object, AtspiInterfaces.Accessible.class, "GetIndexInParent");
    }

    /** The child at {@code index}, asked one at a time so that a huge table is never listed whole. */
    public PendingCall<ObjectRef> childAtIndex(AtspiObject object, int index) {
        return call(object, AtspiInterfaces.Accessible.class, ObjectRef::ofBody, "GetChildAtIndex", index);
    }

    /** How many children it has ({@code Accessible.ChildCount}, a property). */
    public PendingCall<Integer> childCount(AtspiObject object) {
        return call(
                object,
                AtspiInterfaces.Properties.class,
                body -> ((Number) ((Variant<?>) body[0]).getValue()).intValue(),
                "Get",
                "org.a11y.atspi.Accessible",
                "ChildCount");
    }

    /** The AT-SPI role number. */
    public PendingCall<Integer> role(AtspiObject object) {
        return this.<UInt32>call(object, AtspiInterfaces.Accessible.class, "GetRole")
                .map(UInt32::intValue);
    }

    public PendingCall<String> roleName(AtspiObject object) {
        return call(object, AtspiInterfaces.Accessible.class, "GetRoleName");
    }

    public PendingCall<List<UInt32>> states(AtspiObject object) {
        return call(object, AtspiInterfaces.Accessible.class, "GetState");
    }

    public PendingCall<List<String>> interfaces(AtspiObject object) {
        return call(object, AtspiInterfaces.Accessible.class, "GetInterfaces");
    }

    /** The whole cached tree of one application, computed live by the toolkit, in one call. */
    public PendingCall<List<CacheItem>> cacheItems(String applicationBusName) {
        return call(
                new AtspiObject(applicationBusName, AtspiInterfaces.Cache.PATH),
                AtspiInterfaces.Cache.class,
                CacheItem::listOf,
                "GetItems");
    }

    /** Screen extents. */
    public PendingCall<Extents> extents(AtspiObject object) {
        return call(object, AtspiInterfaces.Component.class, Extents::of, "GetExtents", new UInt32(0));
    }

    public PendingCall<List<ActionInfo>> actions(AtspiObject object) {
        return call(object, AtspiInterfaces.Action.class, ActionInfo::listOf, "GetActions");
    }

    public PendingCall<Boolean> doAction(AtspiObject object, int index) {
        return call(object, AtspiInterfaces.Action.class, "DoAction", index);
    }

    public PendingCall<Boolean> grabFocus(AtspiObject object) {
        return call(object, AtspiInterfaces.Component.class, "GrabFocus");
    }

    /** The whole text; {@code -1} as the end offset means "to the end". */
    public PendingCall<String> text(AtspiObject object) {
        return call(object, AtspiInterfaces.Text.class, "GetText", 0, -1);
    }

    /** The text from character {@code start} to {@code end}, for read-back without reading a whole document. */
    public PendingCall<String> text(AtspiObject object, int start, int end) {
        return call(object, AtspiInterfaces.Text.class, "GetText", start, end);
    }

    /** The text's length in characters ({@code Text.CharacterCount}, a property). */
    public PendingCall<Integer> characterCount(AtspiObject object) {
        return call(
                object,
                AtspiInterfaces.Properties.class,
                body -> ((Number) ((Variant<?>) body[0]).getValue()).intValue(),
                "Get",
                "org.a11y.atspi.Text",
                "CharacterCount");
    }

    /**
     * The accessible name asked of the toolkit now ({@code Accessible.Name}, a property): the cache a tree is read from
     * follows the toolkit's name-change events, which a combo box sends after its choice has changed.
     */
    public PendingCall<String> name(AtspiObject object) {
        return call(
                object,
                AtspiInterfaces.Properties.class,
                body -> String.valueOf(((Variant<?>) body[0]).getValue()),
                "Get",
                "org.a11y.atspi.Accessible",
                "Name");
    }

    /** {@code Value}'s properties by name (CurrentValue, MinimumValue, MaximumValue, MinimumIncrement). */
    public PendingCall<Map<String, Double>> valueProperties(AtspiObject object) {
        return call(
                object,
                AtspiInterfaces.Properties.class,
                body -> {
                    Map<String, Double> values = new HashMap<>();
                    for (Map.Entry<?, ?> entry : ((Map<?, ?>) body[0]).entrySet()) {
                        Object value = ((Variant<?>) entry.getValue()).getValue();
                        if (value instanceof Number number) {
                            values.put(entry.getKey().toString(), number.doubleValue());
                        }
                    }
                    return Map.copyOf(values);
                },
                "GetAll",
                "org.a11y.atspi.Value");
    }

    /**
     * Sets {@code Value.CurrentValue}, the toolkit's own setter (a GtkRange's adjustment): no pointer or keys. The
     * property setter answers nothing, so a reply without an error is {@code true}.
     */
    public PendingCall<Boolean> setCurrentValue(AtspiObject object, double value) {
        return call(
                object,
                AtspiInterfaces.Properties.class,
                body -> Boolean.TRUE,
                "Set",
                AccessibleNode.VALUE,
                "CurrentValue",
                new Variant<>(value));
    }

    /** Chooses a combo box's, a list's or a table's child by its index among them ({@code Selection.SelectChild}). */
    public PendingCall<Boolean> selectChild(AtspiObject object, int index) {
        return call(object, AtspiInterfaces.Selection.class, "SelectChild", index);
    }

    /** Whether the child at {@code index} is selected, asked of the container ({@code Selection.IsChildSelected}). */
    public PendingCall<Boolean> isChildSelected(AtspiObject object, int index) {
        return call(object, AtspiInterfaces.Selection.class, "IsChildSelected", index);
    }

    /** The row of a table's child at {@code index}. */
    public PendingCall<Integer> rowAtIndex(AtspiObject table, int index) {
        return call(table, AtspiInterfaces.Table.class, "GetRowAtIndex", index);
    }

    /** The column of a table's child at {@code index}. */
    public PendingCall<Integer> columnAtIndex(AtspiObject table, int index) {
        return call(table, AtspiInterfaces.Table.class, "GetColumnAtIndex", index);
    }

    /** The cell of a table at {@code row} and {@code column}. */
    public PendingCall<ObjectRef> cellAt(AtspiObject table, int row, int column) {
        return call(table, AtspiInterfaces.Table.class, ObjectRef::ofBody, "GetAccessibleAt", row, column);
    }

    /** How many children are selected ({@code Selection.NSelectedChildren}, a property). */
    public PendingCall<Integer> selectedChildCount(AtspiObject object) {
        return call(
                object,
                AtspiInterfaces.Properties.class,
                body -> ((Number) ((Variant<?>) body[0]).getValue()).intValue(),
                "Get",
                "org.a11y.atspi.Selection",
                "NSelectedChildren");
    }

    /** Deselects every child ({@code Selection.ClearSelection}). */
    public PendingCall<Boolean> clearSelection(AtspiObject object) {
        return call(object, AtspiInterfaces.Selection.class, "ClearSelection");
    }

    /** How many rows of a table are selected ({@code Table.NSelectedRows}, a property): its Selection counts cells. */
    public PendingCall<Integer> selectedRowCount(AtspiObject table) {
        return call(
                table,
                AtspiInterfaces.Properties.class,
                body -> ((Number) ((Variant<?>) body[0]).getValue()).intValue(),
                "Get",
                "org.a11y.atspi.Table",
                "NSelectedRows");
    }

    /** The selected child at {@code index} among the selected ones ({@code Selection.GetSelectedChild}). */
    public PendingCall<ObjectRef> selectedChild(AtspiObject object, int index) {
        return call(object, AtspiInterfaces.Selection.class, ObjectRef::ofBody, "GetSelectedChild", index);
    }

    /** Selects a table's row ({@code Table.AddRowSelection}; in a single-selection table it replaces the selection). */
    public PendingCall<Boolean> addRowSelection(AtspiObject table, int row) {
        return call(table, AtspiInterfaces.Table.class, "AddRowSelection", row);
    }

    public PendingCall<Boolean> setTextContents(AtspiObject object, String value) {
        return call(object, AtspiInterfaces.EditableText.class, "SetTextContents", value);
    }

    /** Inserts {@code value} at the character offset {@code position}, leaving the rest of the text as it is. */
    public PendingCall<Boolean> insertText(AtspiObject object, int position, String value) {
        return call(
                object,
                AtspiInterfaces.EditableText.class,
                "InsertText",
                position,
                value,
                value.getBytes(StandardCharsets.UTF_8).length);
    }

    /** The caret's character offset in the text ({@code Text.CaretOffset}, a property). */
    public PendingCall<Integer> caretOffset(AtspiObject object) {
        return call(
                object,
                AtspiInterfaces.Properties.class,
                body -> ((Number) ((Variant<?>) body[0]).getValue()).intValue(),
                "Get",
                "org.a11y.atspi.Text",
                "CaretOffset");
    }

    public PendingCall<Boolean> setCaretOffset(AtspiObject object, int offset) {
        return call(object, AtspiInterfaces.Text.class, "SetCaretOffset", offset);
    }

    public PendingCall<Integer> selectionCount(AtspiObject object) {
        return call(object, AtspiInterfaces.Text.class, "GetNSelections");
    }

    public PendingCall<Boolean> setSelection(AtspiObject object, int start, int end) {
        return call(object, AtspiInterfaces.Text.class, "SetSelection", 0, start, end);
    }

    /** The offsets of the first selection. */
    public PendingCall<SelectionRange> selection(AtspiObject object) {
        return call(object, AtspiInterfaces.Text.class, "GetSelection", 0);
    }

    public PendingCall<Boolean> addSelection(AtspiObject object, int start, int end) {
        return call(object, AtspiInterfaces.Text.class, "AddSelection", start, end);
    }

    /**
     * Reaches this application over its own socket instead of the bus, when it offers one that its process
     * (as the bus daemon reports it) holds; otherwise keeps to the bus. The connection is tried once per
     * application, in the background: an application slow to answer on its socket delays nobody, and the
     * bus still works when it fails. Calls go over it from the next {@code preferPeer} on, which a caller
     * makes before it sends a wave of calls: a caller's wave then goes over one connection, in order (unless
     * another caller observing the same application switches it meanwhile).
     *
     * @return completes with whether a connection was made (at once, when it was tried before)
     */
    public CompletableFuture<Boolean> preferPeer(String busName, long processId) {
        peers.activate(busName);
        if (!peers.claim(busName)) {
            return CompletableFuture.completedFuture(viaPeer(busName));
        }
        return CompletableFuture.supplyAsync(
                () -> {
                    String address;
                    try {
                        address = this.<String>call(
                                        new AtspiObject(busName, ApplicationTree.ROOT_PATH),
                                        AtspiInterfaces.Application.class,
                                        "GetApplicationBusAddress")
                                .await(new CancellationToken(), System.currentTimeMillis() + CALL_TIMEOUT_MS);
                    } catch (ExecutorException unavailable) {
                        address = null;
                    }
                    return peers.open(busName, processId, address);
                },
                connector);
    }

    /** Whether calls to this application go over its own socket. */
    public boolean viaPeer(String busName) {
        return peers.route(busName).isPresent();
    }

    /** The process behind a unique bus name, as the bus daemon (not the application) reports it. */
    public PendingCall<Long> processId(String busName) {
        return this.<UInt32>call(
                        new AtspiObject("org.freedesktop.DBus", "/org/freedesktop/DBus"),
                        DBus.class,
                        "GetConnectionUnixProcessID",
                        busName)
                .map(UInt32::longValue);
    }

    /** A call whose reply dbus-java converts to the type the interface declares for the method. */
    private <T> PendingCall<T> call(
            AtspiObject object, Class<? extends DBusInterface> type, String method, Object... arguments) {
        return send(object, type, method, arguments, null);
    }

    /** A call whose reply body {@code decoder} reads as it came off the wire. */
    private <T> PendingCall<T> call(
            AtspiObject object,
            Class<? extends DBusInterface> type,
            ReplyBody<T> decoder,
            String method,
            Object... arguments) {
        return send(object, type, method, arguments, decoder);
    }

    @SuppressWarnings("unchecked") // the caller names the reply type the method's D-Bus signature gives
    private <T> PendingCall<T> send(
            AtspiObject object,
            Class<? extends DBusInterface> type,
            String method,
            Object[] arguments,
            ReplyBody<T> decoder) {
        if (!object.valid() && !object.busName().startsWith("org.")) {
            return failed();
        }
        DBusAsyncReply<?> reply;
        try {
            Optional<DirectConnection> peer = peers.route(object.busName());
            AbstractConnection through = peer.isPresent() ? peer.get() : connection;
            DBusInterface remote = remotes.get(through, object, type);
            calls.incrementAndGet();
            reply = through.callMethodAsync(remote, method, arguments);
        } catch (Exception | LinkageError e) {
            return failed();
        }
        return (cancellation, deadlineAtMs) -> (T) collect(reply, decoder, cancellation, deadlineAtMs);
    }

    /**
     * Waits on the call itself, which dbus-java's reader thread completes as the reply arrives, and converts
     * the reply here: a callback would add a hand-off to dbus-java's method-return pool for every call.
     *
     * @param decoder reads the reply's body, or {@code null} for dbus-java's conversion to the declared type
     */
    private static Object collect(
            DBusAsyncReply<?> reply, ReplyBody<?> decoder, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        long until = Math.min(deadlineAtMs, System.currentTimeMillis() + CALL_TIMEOUT_MS);
        MethodCall call = reply.getCall();
        while (!call.hasReply()) {
            long wait = until - System.currentTimeMillis();
            if (wait <= 0) {
                cancellation.checkBoundary(deadlineAtMs);
                throw unavailable();
            }
            call.getReply(wait);
            if (Thread.currentThread().isInterrupted()) {
                throw new ExecutorException(ExecutorFailure.CANCELLED, "observation cancelled");
            }
        }
        try {
            Object value = decoder == null ? reply.getReply() : decoded(call.getReply(), decoder);
            cancellation.checkBoundary(deadlineAtMs);
            return value;
        } catch (DBusException | RuntimeException e) {
            cancellation.checkBoundary(deadlineAtMs);
            throw unavailable();
        }
    }

    /** The body of a method return, read by {@code decoder}; an error reply (or none) is unavailable. */
    private static Object decoded(Message answer, ReplyBody<?> decoder) throws DBusException {
        if (!(answer instanceof MethodReturn)) {
            throw new DBusException("no method return: " + (answer == null ? "none" : answer.getName()));
        }
        return decoder.decode(answer.getParameters());
    }

    private static <T> PendingCall<T> failed() {
        return (cancellation, deadlineAtMs) -> {
            cancellation.checkBoundary(deadlineAtMs);
            throw unavailable();
        };
    }

    private static ExecutorException unavailable() {
        return new ExecutorException(ExecutorFailure.UNAVAILABLE, "accessibility backend is unavailable");
    }

    /** Whether the connection still works. */
    public boolean connected() {
        return connection.isConnected();
    }

    @Override
    public void close() {
        connector.shutdownNow();
        peers.close();
        connection.disconnect();
    }
}
