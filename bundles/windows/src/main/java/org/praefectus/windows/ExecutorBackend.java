package org.praefectus.windows;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/** Component property type for {@code praefectus.executor.backend} ({@code Executor.BACKEND_PROPERTY}). */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@interface ExecutorBackend {
    /** Prefixes the derived name {@code executor.backend}. */
    String PREFIX_ = "praefectus.";

    /** The backend name hosts select with. */
    String executor_backend();
}
