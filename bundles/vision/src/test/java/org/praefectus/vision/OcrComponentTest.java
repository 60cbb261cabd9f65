package org.praefectus.vision;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where the OCR component finds Tesseract's trained data (issue 42: doctor on a machine without it). */
class OcrComponentTest {

    @Test
    void tesseractsOwnPrefixNamesTheFolderWhileTheConfigurationKeepsTheDefault() {
        assertEquals(Path.of("/data/tess"), OcrComponent.tessdata(OcrComponent.DEBIAN_TESSDATA, "/data/tess"));
        assertEquals(Path.of(OcrComponent.DEBIAN_TESSDATA), OcrComponent.tessdata(OcrComponent.DEBIAN_TESSDATA, null));
        assertEquals(Path.of(OcrComponent.DEBIAN_TESSDATA), OcrComponent.tessdata(OcrComponent.DEBIAN_TESSDATA, " "));
    }

    @Test
    void aConfiguredFolderWinsOverThePrefix() {
        assertEquals(Path.of("/opt/tessdata"), OcrComponent.tessdata("/opt/tessdata", "/data/tess"));
    }
}
