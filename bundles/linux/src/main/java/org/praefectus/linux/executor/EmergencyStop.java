package org.praefectus.linux.executor;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.DispatchException;
import org.praefectus.api.executor.EffectKnowledge;
import org.praefectus.api.protocol.FailureCode;
import org.praefectus.linux.x11.HotkeyGrab;
import org.praefectus.linux.x11.X11Refusal;

/**
 * The operator's emergency stop: Ctrl+Alt+Esc ({@link HotkeyGrab}) or {@code emergency-stop --trigger} cancels
 * every dispatch in flight (each one's token is linked to the current arming), releases what is held, and
 * refuses every new dispatch ({@code permission_denied}, no effect) until {@link #rearm()}. Held by the
 * executor, so it covers every surface that acts through it: the daemon, MCP, the engine's embedders. The
 * chord is grabbed only by a runtime that may send input ({@code PRAEFECTUS_ALLOW_GLOBAL_INPUT=1}), so a one-shot
 * CLI process never takes it from the resident runtime.
 */
public final class EmergencyStop implements AutoCloseable {

    private final Map<String, String> environment;
    private final boolean hotkey;
    private final AtomicLong trips = new AtomicLong();
    private volatile CancellationToken arming = new CancellationToken();
    private volatile boolean tripped;
    private HotkeyGrab grab;

    /** @param hotkey whether {@link #arm()} grabs Ctrl+Alt+Esc; without it only {@link #trip()} stops */
    EmergencyStop(Map<String, String> environment, boolean hotkey) {
        this.environment = environment;
        this.hotkey = hotkey;
    }

    /**
     * Grabs the hotkey unless this stop holds it already (a grab another client held is tried again); a refused X
     * server leaves the stop usable through {@link #trip()} only.
     */
    synchronized void arm() {
        if (!hotkey || (grab != null && grab.held())) {
            return;
        }
        if (grab != null) {
            grab.close();
        }
        try {
            grab = HotkeyGrab.start(environment, this::trip);
        } catch (X11Refusal noTrustedX) {
            grab = null;
        }
    }

    /**
     * The token a dispatch runs under: cancelled when {@code cancellation} is, or when the stop fires.
     *
     * @throws DispatchException permission denied, no effect, while the stop is tripped
     */
    CancellationToken admit(CancellationToken cancellation) throws DispatchException {
        CancellationToken current = arming;
        if (tripped) {
            throw new DispatchException(
                    EffectKnowledge.NO_EFFECT,
                    FailureCode.PERMISSION_DENIED,
                    "the emergency stop was pressed: re-arm it with `praefectus emergency-stop --rearm`");
        }
        return CancellationToken.linkedTo(cancellation, current);
    }

    /** Fires the stop: every admitted dispatch is cancelled, new ones are refused. */
    public void trip() {
        tripped = true;
        trips.incrementAndGet();
        arming.cancel();
    }

    /** Lets dispatches through again, under a fresh token. */
    public synchronized void rearm() {
        arming = new CancellationToken();
        tripped = false;
    }

    public boolean tripped() {
        return tripped;
    }

    /** Whether Ctrl+Alt+Esc is grabbed now. */
    public synchronized boolean hotkeyHeld() {
        return grab != null && grab.held();
    }

    /** Whether this stop grabs Ctrl+Alt+Esc at all (the configuration's {@code emergency_hotkey}). */
    public boolean hotkeyEnabled() {
        return hotkey;
    }

    /**
     * {@code tripped}, {@code hotkey} ({@code Ctrl+Alt+Esc}, or {@code null} when turned off), {@code hotkey_grabbed},
     * {@code trips}.
     */
    public Map<String, Object> status() {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("tripped", tripped);
        status.put("hotkey", hotkey ? "Ctrl+Alt+Esc" : null);
        status.put("hotkey_grabbed", hotkeyHeld());
        status.put("trips", trips.get());
        return status;
    }

    @Override
    public synchronized void close() {
        if (grab != null) {
            grab.close();
            grab = null;
        }
    }
}
