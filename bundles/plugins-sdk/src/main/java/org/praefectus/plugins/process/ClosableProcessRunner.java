package org.praefectus.plugins.process;

import org.osgi.annotation.versioning.ProviderType;

/** A {@link ProcessRunner} that owns its threads: {@link #close()} kills what still runs and stops them. */
@ProviderType
public interface ClosableProcessRunner extends ProcessRunner, AutoCloseable {

    @Override
    void close();
}
