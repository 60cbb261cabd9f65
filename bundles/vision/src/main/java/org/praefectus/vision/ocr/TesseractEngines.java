package org.praefectus.vision.ocr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.praefectus.api.vision.VisionException;

/**
 * Tesseract handles, one per thread and {@link EngineKey}: initialising a handle loads the trained data
 * (tens of milliseconds), so a thread keeps its handles for later calls instead of creating one per call.
 * Each thread keeps at most {@code perThread} keys (least recently used dropped); handles of threads that have
 * ended are freed when the next handle is created; {@link #close()} frees all.
 */
final class TesseractEngines implements AutoCloseable {

    private final String dataPath;
    private final int perThread;
    private final List<TesseractEngine> all = new ArrayList<>();
    private final ThreadLocal<Map<EngineKey, TesseractEngine>> local;
    private boolean closed;

    TesseractEngines(String dataPath, int perThread) {
        this.dataPath = dataPath;
        this.perThread = perThread;
        this.local = ThreadLocal.withInitial(() -> new LinkedHashMap<>(4, 0.75f, true));
    }

    TesseractEngine engine(EngineKey key) {
        Map<EngineKey, TesseractEngine> mine = local.get();
        TesseractEngine engine = mine.get(key);
        if (engine != null && !engine.closed()) {
            return engine;
        }
        List<TesseractEngine> stale = new ArrayList<>();
        synchronized (this) {
            if (closed) {
                throw new VisionException(VisionException.OCR_FAILED, "the OCR service has stopped");
            }
            all.removeIf(e -> {
                boolean gone = !e.owner().isAlive() || e.closed();
                if (gone) {
                    stale.add(e);
                }
                return gone;
            });
        }
        stale.forEach(TesseractEngine::close);
        engine = new TesseractEngine(dataPath, key);
        synchronized (this) {
            if (closed) {
                engine.close();
                throw new VisionException(VisionException.OCR_FAILED, "the OCR service has stopped");
            }
            all.add(engine);
        }
        mine.put(key, engine);
        if (mine.size() > perThread) {
            var eldest = mine.entrySet().iterator().next();
            mine.remove(eldest.getKey());
            eldest.getValue().close();
        }
        return engine;
    }

    /** Handles currently alive, for tests and diagnostics. */
    synchronized int size() {
        return (int) all.stream().filter(e -> !e.closed()).count();
    }

    @Override
    public void close() {
        List<TesseractEngine> engines;
        synchronized (this) {
            closed = true;
            engines = new ArrayList<>(all);
            all.clear();
        }
        engines.forEach(TesseractEngine::close);
    }
}
