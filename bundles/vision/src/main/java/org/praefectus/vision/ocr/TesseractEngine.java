package org.praefectus.vision.ocr;

import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import net.sourceforge.tess4j.ITessAPI.TessBaseAPI;
import net.sourceforge.tess4j.ITessAPI.TessPageIterator;
import net.sourceforge.tess4j.ITessAPI.TessPageIteratorLevel;
import net.sourceforge.tess4j.ITessAPI.TessResultIterator;
import net.sourceforge.tess4j.TessAPI;
import org.praefectus.api.vision.VisionException;

/**
 * One initialised Tesseract handle (Tess4J's JNA mapping of the C API). Used by one thread at a time;
 * the lock only keeps {@link #close()} from freeing it during a recognition.
 */
final class TesseractEngine implements AutoCloseable {

    /**
     * The interface mapping, bound lazily: Tess4J's direct mapping ({@code TessAPI1}) binds every function at
     * load and fails on Tesseract 5.3 (Debian 12), which lacks {@code TessPAGERendererCreate}.
     */
    private static final TessAPI API = TessAPI.INSTANCE;

    private final ReentrantLock lock = new ReentrantLock();
    private final Thread owner;
    private TessBaseAPI handle;
    /**
     * The native copy of the last image, kept for the next call: a 1080p screen is 6 MB, and a fresh direct
     * buffer per call would be zeroed by the JDK and then freed only by a later garbage collection.
     */
    private ByteBuffer image;

    TesseractEngine(String dataPath, EngineKey key) {
        this.owner = Thread.currentThread();
        TessBaseAPI created = API.TessBaseAPICreate();
        if (API.TessBaseAPIInit2(created, dataPath, key.language(), key.engineMode()) != 0) {
            API.TessBaseAPIDelete(created);
            throw new VisionException(
                    VisionException.UNKNOWN_LANGUAGE, "Tesseract could not load the trained data for the language");
        }
        try {
            if (key.whitelist() != null) {
                set(created, "tessedit_char_whitelist", key.whitelist());
            }
            for (Map.Entry<String, String> variable : key.variables().entrySet()) {
                set(created, variable.getKey(), variable.getValue());
            }
        } catch (VisionException e) {
            API.TessBaseAPIEnd(created);
            API.TessBaseAPIDelete(created);
            throw e;
        }
        this.handle = created;
    }

    private static void set(TessBaseAPI handle, String name, String value) {
        if (API.TessBaseAPISetVariable(handle, name, value) == 0) {
            throw new VisionException(VisionException.INVALID_OPTIONS, "Tesseract does not know the variable " + name);
        }
    }

    Thread owner() {
        return owner;
    }

    boolean closed() {
        lock.lock();
        try {
            return handle == null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Recognises an image of 1 (grey) or 3 (RGB) bytes per pixel, rows densely packed.
     *
     * @param dpi the source resolution, or 0 to let Tesseract estimate it
     *
     * @return the words in reading order
     */
    List<OcrWord> recognize(byte[] pixels, int width, int height, int bytesPerPixel, int pageSegMode, int dpi) {
        lock.lock();
        try {
            if (handle == null) {
                throw new VisionException(VisionException.OCR_FAILED, "the OCR engine is closed");
            }
            if (image == null || image.capacity() < pixels.length) {
                image = ByteBuffer.allocateDirect(pixels.length);
            }
            image.clear();
            image.put(pixels).flip();
            API.TessBaseAPISetPageSegMode(handle, pageSegMode);
            API.TessBaseAPISetImage(handle, image, width, height, bytesPerPixel, width * bytesPerPixel);
            if (dpi > 0) {
                API.TessBaseAPISetSourceResolution(handle, dpi);
            }
            try {
                if (API.TessBaseAPIRecognize(handle, null) != 0) {
                    throw new VisionException(VisionException.OCR_FAILED, "Tesseract could not recognise the image");
                }
                return words();
            } finally {
                API.TessBaseAPIClear(handle);
            }
        } finally {
            lock.unlock();
        }
    }

    private List<OcrWord> words() {
        List<OcrWord> words = new ArrayList<>();
        TessResultIterator results = API.TessBaseAPIGetIterator(handle);
        if (results == null) {
            return words;
        }
        try {
            TessPageIterator page = API.TessResultIteratorGetPageIterator(results);
            IntBuffer left = IntBuffer.allocate(1);
            IntBuffer top = IntBuffer.allocate(1);
            IntBuffer right = IntBuffer.allocate(1);
            IntBuffer bottom = IntBuffer.allocate(1);
            int line = -1;
            do {
                if (API.TessPageIteratorIsAtBeginningOf(page, TessPageIteratorLevel.RIL_TEXTLINE) != 0) {
                    line++;
                }
                Pointer text = API.TessResultIteratorGetUTF8Text(results, TessPageIteratorLevel.RIL_WORD);
                if (text == null) {
                    continue;
                }
                String word;
                try {
                    word = text.getString(0, "UTF-8").strip();
                } finally {
                    API.TessDeleteText(text);
                }
                if (word.isEmpty()
                        || API.TessPageIteratorBoundingBox(
                                        page, TessPageIteratorLevel.RIL_WORD, left, top, right, bottom)
                                == 0) {
                    continue;
                }
                float confidence = API.TessResultIteratorConfidence(results, TessPageIteratorLevel.RIL_WORD);
                words.add(new OcrWord(
                        Math.max(line, 0), word, left.get(0), top.get(0), right.get(0), bottom.get(0), confidence));
            } while (API.TessPageIteratorNext(page, TessPageIteratorLevel.RIL_WORD) != 0);
        } finally {
            API.TessResultIteratorDelete(results);
        }
        return words;
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (handle != null) {
                API.TessBaseAPIEnd(handle);
                API.TessBaseAPIDelete(handle);
                handle = null;
                image = null;
            }
        } finally {
            lock.unlock();
        }
    }
}
