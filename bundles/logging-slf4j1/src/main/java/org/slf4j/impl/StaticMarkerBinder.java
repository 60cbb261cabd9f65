package org.slf4j.impl;

import org.slf4j.IMarkerFactory;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.spi.MarkerFactoryBinder;

/** slf4j 1.7's marker binding (found by name): slf4j's basic markers. */
public final class StaticMarkerBinder implements MarkerFactoryBinder {

    /** As slf4j 1.7 reads it. */
    public static final StaticMarkerBinder SINGLETON = new StaticMarkerBinder();

    private final IMarkerFactory factory = new BasicMarkerFactory();

    private StaticMarkerBinder() {}

    /** As slf4j 1.7.14 and later ask for it. */
    public static StaticMarkerBinder getSingleton() {
        return SINGLETON;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return factory;
    }

    @Override
    public String getMarkerFactoryClassStr() {
        return BasicMarkerFactory.class.getName();
    }
}
