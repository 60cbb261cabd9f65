package org.praefectus.vision;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of OCR. */
@ObjectClassDefinition(name = "Praefectus OCR", description = "Tesseract through Tess4J")
public @interface OcrConfig {

    String PID = "org.praefectus.vision.ocr";

    /**
     * The tessdata folder. Default {@code /usr/share/tesseract-ocr/5/tessdata} (Debian 12), or, while this default
     * is kept, the folder Tesseract's own {@code TESSDATA_PREFIX} environment variable names.
     */
    @AttributeDefinition(name = "Trained data folder")
    String tessdata() default "/usr/share/tesseract-ocr/5/tessdata";

    /** Initialised Tesseract handles each thread keeps, for distinct languages or variables. Default 4. */
    @AttributeDefinition(name = "Handles per thread", min = "1")
    int engines_per_thread() default 4;

    /**
     * OpenMP threads Tesseract may use, set before the library loads unless the environment names a value.
     * Default 1: on two cores more threads are slower.
     */
    @AttributeDefinition(name = "OpenMP thread limit", min = "1")
    int omp_thread_limit() default 1;
}
