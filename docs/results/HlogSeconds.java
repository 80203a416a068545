import java.io.File;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Prints one line per interval of an HdrHistogram interval log (.hlog), as written by {@code fairbench load --hlog}:
 * the interval's start and end (epoch milliseconds) and its count of recorded values (requests), tab-separated.
 * Run as a single-file program with HdrHistogram on the class path, e.g. fairbench's jar, which bundles it:
 * {@code java -cp .fairbench/fairbench.jar docs/results/HlogSeconds.java FILE.hlog}.
 */
public class HlogSeconds {
    public static void main(String[] args) throws Exception {
        HistogramLogReader reader = new HistogramLogReader(new File(args[0]));
        for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
            long count = ((org.HdrHistogram.AbstractHistogram) h).getTotalCount();
            System.out.println(h.getStartTimeStamp() + "\t" + h.getEndTimeStamp() + "\t" + count);
        }
    }
}
