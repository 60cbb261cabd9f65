package org.praefectus.vision.ocr;

import com.sun.jna.Library;
import com.sun.jna.Native;

/**
 * Tesseract's OpenMP runtime reads {@code OMP_THREAD_LIMIT} once, when libgomp is loaded with libtesseract.
 * On small machines its threads make recognition slower and erratic, so the limit is put into this process's
 * environment before the library loads, unless the environment already names one.
 */
final class OmpThreadLimit {

    private interface C extends Library {
        int setenv(String name, String value, int overwrite);
    }

    private OmpThreadLimit() {}

    /** @return whether the variable now holds {@code limit} (false when the environment set another value) */
    static synchronized boolean apply(int limit) {
        String present = System.getenv("OMP_THREAD_LIMIT");
        if (present != null) {
            return present.equals(Integer.toString(limit));
        }
        C c = Native.load("c", C.class);
        return c.setenv("OMP_THREAD_LIMIT", Integer.toString(limit), 0) == 0;
    }
}
