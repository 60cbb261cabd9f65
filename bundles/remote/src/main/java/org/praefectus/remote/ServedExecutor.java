package org.praefectus.remote;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.praefectus.api.canonical.JsonValue;
import org.praefectus.api.canonical.JsonValue.JsonObject;
import org.praefectus.api.canonical.JsonValue.JsonString;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.executor.Executor;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.executor.ExecutorFailure;
import org.praefectus.api.executor.ResolvedTarget;
import org.praefectus.api.protocol.Action;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.api.protocol.ProtocolException;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SurfaceRef;
import org.praefectus.api.protocol.TargetRef;
import org.praefectus.api.protocol.VerificationPolicy;
import org.praefectus.remote.api.RemoteExecutor;

/**
 * A local {@link Executor} served as a {@link RemoteExecutor}: decodes the protocol JSON, calls the
 * executor beside its desktop (its fences and sentinels run here) and encodes the answer. Resolved targets
 * stay here under a handle. Nothing is retried; a failure after the executor may have acted is reported
 * as {@code unknown}.
 */
final class ServedExecutor implements RemoteExecutor {

    private final Executor executor;
    private final ResolvedHandles handles = new ResolvedHandles();

    ServedExecutor(Executor executor) {
        this.executor = requireNonNull(executor, "executor");
    }

    /** A call of the executor that reads and returns protocol values. */
    private interface Call {
        JsonValue run(CancellationToken cancellation) throws ExecutorException, ProtocolException;
    }

    private static String serve(Call call) {
        try {
            return Wire.ok(call.run(new CancellationToken()));
        } catch (ExecutorException e) {
            return Wire.error(e);
        } catch (ProtocolException e) {
            return Wire.error(ExecutorFailure.INVALID_REQUEST, "remote executor call is not valid protocol json");
        } catch (RuntimeException e) {
            return Wire.error(ExecutorFailure.UNAVAILABLE, "executor failed");
        }
    }

    @Override
    public String capabilities() {
        return serve(token -> WireCodec.encode(executor.capabilities()));
    }

    @Override
    public String sessionIsolation() {
        return serve(token -> new JsonString(executor.sessionIsolation().name().toLowerCase(Locale.ROOT)));
    }

    @Override
    public String sharedDesktopContextHash(long deadlineAtMs) {
        return serve(token -> new JsonString(executor.sharedDesktopContextHash(token, deadlineAtMs)));
    }

    @Override
    public String observe(String target, long deadlineAtMs) {
        return serve(token -> WireCodec.encode(executor.observe(targetRef(target), token, deadlineAtMs)));
    }

    @Override
    public String resolve(String target, long deadlineAtMs) {
        return serve(token -> {
            ResolvedTarget resolved = executor.resolve(targetRef(target), token, deadlineAtMs);
            String handle = handles.put(resolved, deadlineAtMs);
            if (handle == null) {
                throw new ExecutorException(ExecutorFailure.UNAVAILABLE, "too many resolved targets are pending");
            }
            return JsonObject.builder().put("handle", handle).build();
        });
    }

    @Override
    public String dispatch(String action, String handle, String verification, long deadlineAtMs) {
        Action decodedAction;
        VerificationPolicy decodedVerification;
        try {
            decodedAction = ProtocolJson.parseAction(bytes(action));
            decodedVerification = ProtocolJson.parseVerificationPolicy(bytes(verification));
        } catch (ProtocolException | RuntimeException e) {
            return Wire.error(DispatchException.noEffect("remote dispatch is not valid protocol json"));
        }
        ResolvedTarget target = handles.take(handle);
        if (target == null) {
            return Wire.error(new DispatchException(
                    EffectKnowledge.NO_EFFECT, FailureCode.STALE_TARGET, "resolved target is unknown or expired"));
        }
        try {
            return Wire.ok(WireCodec.encode(executor.dispatch(
                    decodedAction, target, decodedVerification, new CancellationToken(), deadlineAtMs)));
        } catch (DispatchException e) {
            return Wire.error(e);
        } catch (RuntimeException e) {
            // the executor was inside its dispatch: whatever it did is unknown
            return Wire.error(DispatchException.ambiguous("executor failed during dispatch"));
        }
    }

    @Override
    public String observeSemantic(long deadlineAtMs) {
        return serve(token -> ProtocolJson.encode(executor.observeSemantic(token, deadlineAtMs)));
    }

    @Override
    public String listSurfaces(long deadlineAtMs) {
        return serve(token -> WireCodec.encode(executor.listSurfaces(token, deadlineAtMs)));
    }

    @Override
    public String observeSurface(String surfaceId, long deadlineAtMs) {
        return serve(
                token -> ProtocolJson.encode(executor.observeSurface(new SurfaceRef(surfaceId), token, deadlineAtMs)));
    }

    @Override
    public String observeCoordinates(long deadlineAtMs) {
        return serve(token -> ProtocolJson.encode(executor.observeCoordinates(token, deadlineAtMs)));
    }

    int pendingHandles() {
        return handles.size();
    }

    private static TargetRef targetRef(String json) throws ProtocolException {
        return ProtocolJson.parseTargetRef(bytes(json));
    }

    private static byte[] bytes(String json) {
        return requireNonNull(json, "json").getBytes(StandardCharsets.UTF_8);
    }
}
