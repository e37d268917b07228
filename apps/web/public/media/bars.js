/* global d3 */
// A small chart for jsMedia blocks: one bar per number in the block's args.
(function () {
  var values = JSON.parse(document.body.dataset.args || '[]').map(Number);
  var svg = d3.select('body').append('svg').attr('width', 280).attr('height', 120).attr('role', 'img');
  svg
    .selectAll('rect')
    .data(values)
    .enter()
    .append('rect')
    .attr('x', function (d, i) { return i * 40 + 10; })
    .attr('y', function (d) { return 110 - d; })
    .attr('width', 30)
    .attr('height', function (d) { return d; })
    .attr('fill', '#2f5d8a');
  var reach;
  try {
    reach = document.cookie === undefined ? 'none' : 'cookie:' + document.cookie;
  } catch {
    reach = 'blocked';
  }
  document.body.dataset.cookie = reach;
  document.body.dataset.d3 = d3.version;
})();
