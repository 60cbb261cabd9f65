package org.praefectus.api.executor;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;

/**
 * Component property type for {@value Executor#BACKEND_PROPERTY}, the name hosts select an executor by (the
 * engine's {@code executor.target}): {@code @ExecutorBackend(executor_backend = "linux-atspi")} on an executor
 * component.
 */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface ExecutorBackend {
    /** Prefixes the derived name {@code executor.backend}. */
    String PREFIX_ = "praefectus.";

    /** The backend name hosts select with. */
    String executor_backend();
}
