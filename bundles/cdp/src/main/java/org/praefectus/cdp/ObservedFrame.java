package org.praefectus.cdp;

/**
 * One frame's document as one observation read it: the root frame (index 0) or a same-origin child frame of it.
 *
 * @param ref    the frame, its document and its isolated world
 * @param parent the index of the frame whose element shows it, -1 for the root frame
 * @param owner  the backend node of that element (the {@code <iframe>}), -1 for the root frame
 * @param layout its DOM snapshot
 * @param tree   its accessibility tree
 * @param view   where it lies in the viewport
 */
record ObservedFrame(
        ObservedPage.FrameRef ref, int parent, long owner, FrameLayout layout, AxTree tree, FrameView view) {}
