package org.praefectus.remote;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.JsonValue.JsonObject;
import org.praefectus.api.canonical.JsonValue.JsonString;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.DispatchReceipt;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.Observation;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.Capabilities;
import org.praefectus.api.protocol.CoordinateObservation;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SemanticObservation;
import org.praefectus.api.protocol.SessionIsolation;
import org.praefectus.api.protocol.SurfaceDescriptor;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.remote.api.RemoteExecutor;

/**
 * An imported {@link RemoteExecutor} as a local {@link Executor} for the engine. Every call checks the
 * operation's token and deadline first (cancellation does not travel: the desktop host honours the
 * deadline). A distribution failure is typed: before dispatch the executor is {@code unavailable}; in a
 * dispatch, a connection that was refused proves no effect, and any other loss is {@code unknown} (the
 * call may have reached the desktop).
 */
public final class RemoteExecutorClient implements Executor {

    static final String UNREACHABLE = "remote executor is unreachable";
    static final String REFUSED = "remote executor refused the connection: nothing was dispatched";
    static final String LOST = "remote executor connection was lost during dispatch: the effect is unknown";

    private final RemoteExecutor remote;

    public RemoteExecutorClient(RemoteExecutor remote) {
        this.remote = requireNonNull(remote, "remote");
    }

    private static String call(Supplier<String> remoteCall) throws ExecutorException {
        try {
            return remoteCall.get();
        } catch (RuntimeException e) {
            throw new ExecutorException(ExecutorFailure.UNAVAILABLE, UNREACHABLE);
        }
    }

    private static JsonValue data(CancellationToken cancellation, long deadlineAtMs, Supplier<String> remoteCall)
            throws ExecutorException {
        cancellation.checkBoundary(deadlineAtMs);
        return Wire.data(call(remoteCall));
    }

    @Override
    public Capabilities capabilities() throws ExecutorException {
        return WireCodec.capabilities(Wire.data(call(remote::capabilities)));
    }

    @Override
    public SessionIsolation sessionIsolation() {
        try {
            if (Wire.data(call(remote::sessionIsolation)) instanceof JsonString name) {
                return SessionIsolation.valueOf(name.value().toUpperCase(Locale.ROOT));
            }
        } catch (ExecutorException | IllegalArgumentException e) {
            // an isolation nobody can vouch for refuses every action
        }
        return SessionIsolation.UNKNOWN;
    }

    @Override
    public String sharedDesktopContextHash(CancellationToken cancellation, long deadlineAtMs) throws ExecutorException {
        if (data(cancellation, deadlineAtMs, () -> remote.sharedDesktopContextHash(deadlineAtMs))
                instanceof JsonString hash) {
            return hash.value();
        }
        throw WireCodec.malformed();
    }

    @Override
    public Observation observe(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        String json = Wire.text(ProtocolJson.encode(target));
        return WireCodec.observation(data(cancellation, deadlineAtMs, () -> remote.observe(json, deadlineAtMs)));
    }

    @Override
    public ResolvedTarget resolve(TargetRef target, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        String json = Wire.text(ProtocolJson.encode(target));
        JsonValue data = data(cancellation, deadlineAtMs, () -> remote.resolve(json, deadlineAtMs));
        String handle = data instanceof JsonObject object ? Wire.string(object, "handle") : null;
        if (handle == null) {
            throw WireCodec.malformed();
        }
        return new ResolvedTarget.Native(new RemoteHandle(handle));
    }

    @Override
    public DispatchReceipt dispatch(
            Action action,
            ResolvedTarget target,
            VerificationPolicy verification,
            CancellationToken cancellation,
            long deadlineAtMs)
            throws DispatchException {
        if (!(target instanceof ResolvedTarget.Native resolved && resolved.handle() instanceof RemoteHandle handle)) {
            throw DispatchException.noEffect("target was not resolved by this remote executor");
        }
        DispatchException.checkBeforeEffect(cancellation, deadlineAtMs, false);
        String actionJson = Wire.text(ProtocolJson.encode(action));
        String verificationJson = Wire.text(ProtocolJson.encode(verification));
        String answer;
        try {
            answer = remote.dispatch(actionJson, handle.id(), verificationJson, deadlineAtMs);
        } catch (RuntimeException e) {
            if (ConnectionFailures.neverConnected(e)) {
                throw new DispatchException(EffectKnowledge.NO_EFFECT, FailureCode.DISPATCH_FAILED, REFUSED);
            }
            throw DispatchException.ambiguous(LOST);
        }
        DispatchReceipt receipt = WireCodec.receipt(Wire.dispatchData(answer));
        if (receipt == null) {
            throw DispatchException.ambiguous("remote executor answered malformed json after dispatch");
        }
        return receipt;
    }

    @Override
    public SemanticObservation observeSemantic(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        JsonValue data = data(cancellation, deadlineAtMs, () -> remote.observeSemantic(deadlineAtMs));
        try {
            return ProtocolJson.parseSemanticObservation(Wire.bytes(data));
        } catch (ProtocolException e) {
            throw WireCodec.malformed();
        }
    }

    @Override
    public List<SurfaceDescriptor> listSurfaces(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        return WireCodec.surfaces(data(cancellation, deadlineAtMs, () -> remote.listSurfaces(deadlineAtMs)));
    }

    @Override
    public SemanticObservation observeSurface(SurfaceRef surface, CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        JsonValue data = data(cancellation, deadlineAtMs, () -> remote.observeSurface(surface.id(), deadlineAtMs));
        try {
            return ProtocolJson.parseSemanticObservation(Wire.bytes(data));
        } catch (ProtocolException e) {
            throw WireCodec.malformed();
        }
    }

    @Override
    public CoordinateObservation observeCoordinates(CancellationToken cancellation, long deadlineAtMs)
            throws ExecutorException {
        JsonValue data = data(cancellation, deadlineAtMs, () -> remote.observeCoordinates(deadlineAtMs));
        try {
            return ProtocolJson.parseCoordinateObservation(Wire.bytes(data));
        } catch (ProtocolException e) {
            throw WireCodec.malformed();
        }
    }
}
