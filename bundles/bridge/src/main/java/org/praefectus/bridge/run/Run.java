package org.praefectus.bridge.run;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.bridge.adapter.NormalizedStatus;
import org.praefectus.bridge.adapter.Usage;

/**
 * One run: its record (the contract's RunRecord) and its newest events, at most {@code maxEvents} and
 * {@code maxEventBytes} in memory (every event is on disk). Every method is synchronized on the run;
 * {@link #awaitEvents} lets SSE streams wait for new ones.
 */
public final class Run {

    /** The type of a run's last event: once it is written, a stream of the run may end. */
    public static final String FINAL_EVENT = "normalized_status";

    private final String runId;
    private final String requestId;
    private final String missionId;
    private final String taskId;
    private final String executor;
    private final String startedAt;
    private final String hostWorkdir;
    private final int maxEvents;
    private final long maxEventBytes;
    private final Deque<RunEvent> events = new ArrayDeque<>();
    private final Deque<Integer> eventSizes = new ArrayDeque<>();
    private long bufferedBytes;
    private long nextSeq = 1;
    private long lastEventNanos = System.nanoTime();
    private boolean concluded;
    private Map<String, Object> launchLog;

    private RunState state;
    private NormalizedStatus normalized;
    private String pauseReason;
    private String finishedAt;
    private Integer exitCode;
    private List<String> changedFiles = List.of();
    private String stdoutTail;
    private String stderrTail;
    private long durationMs;
    private Usage usage = Usage.NONE;

    Run(
            String runId,
            String requestId,
            String missionId,
            String taskId,
            String executor,
            String startedAt,
            String hostWorkdir,
            RunState state,
            int maxEvents,
            long maxEventBytes) {
        this.runId = runId;
        this.requestId = requestId;
        this.missionId = missionId;
        this.taskId = taskId;
        this.executor = executor;
        this.startedAt = startedAt;
        this.hostWorkdir = hostWorkdir;
        this.state = state;
        this.maxEvents = maxEvents;
        this.maxEventBytes = maxEventBytes;
    }

    public String requestId() {
        return requestId;
    }

    public String missionId() {
        return missionId;
    }

    public String taskId() {
        return taskId;
    }

    public String runId() {
        return runId;
    }

    public String executor() {
        return executor;
    }

    public synchronized RunState state() {
        return state;
    }

    synchronized void state(RunState next) {
        this.state = next;
    }

    public synchronized NormalizedStatus normalized() {
        return normalized;
    }

    synchronized void finish(
            RunState finalState,
            NormalizedStatus status,
            String reason,
            Integer exit,
            List<String> changed,
            String outTail,
            String errTail,
            long duration,
            Usage reported) {
        this.state = finalState;
        this.normalized = status;
        this.pauseReason = reason;
        this.exitCode = exit;
        this.changedFiles = List.copyOf(changed);
        this.stdoutTail = outTail;
        this.stderrTail = errTail;
        this.durationMs = duration;
        this.usage = reported == null ? Usage.NONE : reported;
        this.finishedAt = Instant.now().toString();
    }

    /** A new event with the next sequence number; {@link #buffer} keeps it once it is on disk. */
    synchronized RunEvent next(String type, Map<String, Object> data) {
        lastEventNanos = System.nanoTime();
        return new RunEvent(nextSeq++, type, Instant.now().toString(), runId, data);
    }

    /** Keeps an event in memory (its size on disk given), dropping the oldest beyond both bounds. */
    synchronized void buffer(RunEvent event, int bytes) {
        events.addLast(event);
        eventSizes.addLast(bytes);
        bufferedBytes += bytes;
        while (events.size() > maxEvents || (bufferedBytes > maxEventBytes && events.size() > 1)) {
            events.removeFirst();
            bufferedBytes -= eventSizes.removeFirst();
        }
        if (FINAL_EVENT.equals(event.type())) {
            concluded = true;
        }
        notifyAll();
    }

    /** Nanos (System.nanoTime) of the newest event: a quiet run gets a heartbeat. */
    synchronized long lastEventNanos() {
        return lastEventNanos;
    }

    /** After a restart: the next sequence number, as found at the end of the events on disk. */
    synchronized void resumeSeq(long next) {
        nextSeq = Math.max(nextSeq, next);
    }

    /** Seed §22: what was run (request summary, argv, environment names); kept in run.json, never served. */
    synchronized void launchLog(Map<String, Object> log) {
        this.launchLog = Map.copyOf(log);
    }

    /**
     * True once the run's final event is written (a terminal state alone comes a moment before it). A run
     * loaded already terminal is concluded whatever its stored events.
     */
    public synchronized boolean concluded() {
        return concluded;
    }

    /**
     * The events after {@code afterSeq} from memory, at most {@code limit} and about {@code maxBytes}; null
     * when some of them are no longer in memory (read them from disk).
     */
    public synchronized List<RunEvent> bufferedAfter(long afterSeq, int limit, long maxBytes) {
        if (afterSeq + 1 >= nextSeq) {
            return List.of();
        }
        if (events.isEmpty() || events.peekFirst().seq() > afterSeq + 1) {
            return null;
        }
        List<RunEvent> out = new ArrayList<>();
        long bytes = 0;
        var sizes = eventSizes.iterator();
        for (RunEvent e : events) {
            int size = sizes.next();
            if (e.seq() > afterSeq) {
                if (!out.isEmpty() && (out.size() >= limit || bytes + size > maxBytes)) {
                    break;
                }
                out.add(e);
                bytes += size;
            }
        }
        return out;
    }

    public synchronized int bufferedEvents() {
        return events.size();
    }

    public synchronized long nextSeq() {
        return nextSeq;
    }

    /** Waits until an event after {@code afterSeq} exists, the run has concluded, or the timeout passes. */
    public synchronized void awaitEvents(long afterSeq, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (nextSeq - 1 <= afterSeq && !concluded) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                return;
            }
            wait(left);
        }
    }

    /** The contract's RunRecord, field for field. */
    public synchronized Map<String, Object> record() {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("run_id", runId);
        r.put("request_id", requestId);
        r.put("mission_id", missionId);
        r.put("task_id", taskId);
        r.put("executor", executor);
        // once a run is over its status is the normalized one, as the reference bridge (and Praetor's poller) has it
        r.put("status", state.terminal() && normalized != null ? normalized.wire() : state.wire());
        r.put("normalized_status", normalized == null ? null : normalized.wire());
        r.put("requires_owner_action", normalized != null && normalized.requiresOwnerAction());
        r.put("pause_reason", pauseReason);
        r.put("started_at", startedAt);
        r.put("finished_at", finishedAt);
        r.put("exit_code", exitCode);
        r.put("host_workdir", hostWorkdir);
        r.put("changed_files", changedFiles);
        r.put("stdout_tail", stdoutTail);
        r.put("stderr_tail", stderrTail);
        Map<String, Object> u = new LinkedHashMap<>();
        u.put("duration_ms", durationMs);
        if (usage.inputTokens() != null) {
            u.put("input_tokens", usage.inputTokens());
        }
        if (usage.outputTokens() != null) {
            u.put("output_tokens", usage.outputTokens());
        }
        if (usage.costUsd() != null) {
            u.put("estimated_cost", usage.costUsd());
        }
        u.put("usage_available", usage.available());
        r.put("usage", u);
        return r;
    }

    /** What run.json holds: the record, the internal state, the next sequence number and the run log. */
    synchronized Map<String, Object> persisted() {
        Map<String, Object> p = record();
        p.put("internal_status", state.wire());
        p.put("next_seq", nextSeq);
        if (launchLog != null) {
            p.put("run_log", launchLog);
        }
        return p;
    }

    /** Restores a run from {@link #persisted()} (or from a bare record of an older bridge). */
    @SuppressWarnings("unchecked")
    static Run fromRecord(Map<String, Object> r, int maxEvents, long maxEventBytes) {
        Run run = new Run(
                (String) r.get("run_id"),
                (String) r.get("request_id"),
                (String) r.get("mission_id"),
                (String) r.get("task_id"),
                (String) r.get("executor"),
                (String) r.get("started_at"),
                (String) r.get("host_workdir"),
                RunState.fromWire((String) r.getOrDefault("internal_status", r.get("status"))),
                maxEvents,
                maxEventBytes);
        if (r.get("next_seq") instanceof Number n) {
            run.nextSeq = n.longValue();
        }
        if (r.get("run_log") instanceof Map<?, ?> log) {
            run.launchLog = (Map<String, Object>) log;
        }
        Object ns = r.get("normalized_status");
        run.normalized = ns == null ? null : NormalizedStatus.fromWire((String) ns);
        run.concluded = run.state.terminal();
        run.pauseReason = (String) r.get("pause_reason");
        run.finishedAt = (String) r.get("finished_at");
        run.exitCode = r.get("exit_code") == null ? null : ((Number) r.get("exit_code")).intValue();
        run.changedFiles = List.copyOf((List<String>) r.getOrDefault("changed_files", List.of()));
        run.stdoutTail = (String) r.get("stdout_tail");
        run.stderrTail = (String) r.get("stderr_tail");
        Map<String, Object> u = (Map<String, Object>) r.getOrDefault("usage", Map.of());
        run.durationMs = u.get("duration_ms") == null ? 0 : ((Number) u.get("duration_ms")).longValue();
        run.usage = new Usage(
                u.get("input_tokens") == null ? null : ((Number) u.get("input_tokens")).longValue(),
                u.get("output_tokens") == null ? null : ((Number) u.get("output_tokens")).longValue(),
                u.get("estimated_cost") == null ? null : ((Number) u.get("estimated_cost")).doubleValue());
        return run;
    }
}
