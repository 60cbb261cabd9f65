package org.praefectus.plugins.runner;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The root process and every descendant seen so far. A descendant is remembered even after its parent
 * dies and it is re-parented, which is exactly when {@link ProcessHandle#descendants()} stops showing it.
 * When the root leads its own session, the members of that session are part of the tree too, sampled or
 * not.
 */
final class ProcessTree {

    private final ProcessHandle root;
    private final boolean sessionLeader;
    private final Map<Long, ProcessHandle> seen = new LinkedHashMap<>();

    /** @param sessionLeader the root was started through {@code setsid}: its pid is its session id */
    ProcessTree(ProcessHandle root, boolean sessionLeader) {
        this.root = root;
        this.sessionLeader = sessionLeader;
    }

    /** Records the descendants alive now. */
    synchronized void sample() {
        root.descendants().forEach(handle -> seen.putIfAbsent(handle.pid(), handle));
    }

    private void addSessionMembers() {
        if (sessionLeader) {
            for (long pid : Sessions.members(root.pid())) {
                if (pid != root.pid()) {
                    ProcessHandle.of(pid).ifPresent(handle -> seen.putIfAbsent(pid, handle));
                }
            }
        }
    }

    /**
     * Kills the root and everything seen, sampling again after each round so that a child forked while
     * its parent was being killed is found through that parent's handle.
     *
     * @param includeRoot false when the root has already ended
     * @return how many processes other than the root were alive and were killed
     */
    synchronized int kill(boolean includeRoot) {
        sample();
        if (includeRoot) {
            root.destroyForcibly();
        }
        Set<Long> killed = new HashSet<>();
        for (int round = 0; round < 8; round++) {
            addSessionMembers();
            for (ProcessHandle handle : new ArrayList<>(seen.values())) {
                if (handle.isAlive()) {
                    handle.descendants().forEach(child -> seen.putIfAbsent(child.pid(), child));
                }
            }
            List<ProcessHandle> alive =
                    seen.values().stream().filter(ProcessHandle::isAlive).toList();
            if (alive.isEmpty()) {
                break;
            }
            for (ProcessHandle handle : alive) {
                if (handle.destroyForcibly()) {
                    killed.add(handle.pid());
                }
            }
            for (ProcessHandle handle : alive) {
                awaitExit(handle);
            }
        }
        return killed.size();
    }

    /** SIGKILL is not refused, but a process in uninterruptible sleep may take a moment to go. */
    private static void awaitExit(ProcessHandle handle) {
        try {
            handle.onExit().get(2, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException stillThere) {
            // the next round looks at it again
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
